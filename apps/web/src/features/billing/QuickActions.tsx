interface QuickActionsProps {
  onViewHistory: () => void;
  onManagePayment: () => void;
  onContactSupport: () => void;
  onReportIssue: () => void;
  /** While the billing portal is being opened. */
  isOpeningPortal: boolean;
}

/** Quick Actions (spec 001 §2.6): the four buttons, each doing what it says. */
export function QuickActions(props: QuickActionsProps) {
  return (
    <section className="card billing-card" aria-labelledby="billing-actions-title">
      <h2 id="billing-actions-title">Quick Actions</h2>
      <div className="billing-quick">
        <button type="button" className="btn" onClick={props.onViewHistory}>
          View Payment History
        </button>
        <button type="button" className="btn" onClick={props.onManagePayment} disabled={props.isOpeningPortal}>
          Manage Payment Methods
        </button>
        <button type="button" className="btn" onClick={props.onContactSupport}>
          Contact Support
        </button>
        <button type="button" className="btn" onClick={props.onReportIssue}>
          Report Issue
        </button>
      </div>
    </section>
  );
}
