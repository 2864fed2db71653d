import { messages, timings } from '@cardstock/contract';
import { formatLocalTime, formatPrice } from '../../lib/format.ts';
import { useAdminQuery } from './admin-api.ts';
import { healthClass } from './admin-view.ts';
import { AdminPage, LoadError } from './AdminPage.tsx';
import { Figures } from './Figures.tsx';

const uptime = (seconds: number) => {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d ? `${d}d ${h}h` : h ? `${h}h ${m}m` : `${m}m ${seconds % 60}s`;
};

/**
 * /admin/analytics (spec 001 §2.9, §9): the platform's figures from the
 * database and this server's own health, refreshed every 30 seconds.
 */
export function AnalyticsPage() {
  const data = useAdminQuery(['analytics'], 'adminAnalytics', {}, { refetchInterval: timings.adminAnalyticsRefreshMs });
  const a = data.data;
  return (
    <AdminPage title="Analytics" error={data.error}>
      <LoadError error={data.error} />
      {!a ? (
        <p className="muted">{messages.admin.loading}</p>
      ) : (
        <>
          <p className="admin-whoami">
            <span>Server health</span>
            <span className={`badge ${healthClass(a.server.health)}`} role="status" aria-label="Server health">
              {a.server.health}
            </span>
            <span className="muted">
              Updated {formatLocalTime(a.generated_at)}; refreshes every {timings.adminAnalyticsRefreshMs / 1000}{' '}
              seconds
            </span>
          </p>
          {a.server.reasons.length > 0 && (
            <ul className="text-error">
              {a.server.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          <section className="admin-section" aria-labelledby="platform-figures">
            <h2 id="platform-figures">Platform</h2>
            <Figures
              label="Platform"
              items={[
                ['Stores', a.platform.stores],
                ['Active stores', a.platform.active_stores],
                ['Users', a.platform.users],
                ['Signed-in sessions', a.platform.active_sessions],
                ['Inventory items', a.platform.inventory_items],
                ['Cards in stock', a.platform.cards_in_stock],
                ['Pending orders', a.platform.pending_orders],
                ['Orders today', a.platform.orders_today],
                ['Revenue today', formatPrice(a.platform.revenue_today)],
              ]}
            />
          </section>
          <section className="admin-section" aria-labelledby="server-figures">
            <h2 id="server-figures">Server</h2>
            <Figures
              label="Server"
              items={[
                ['Requests (last minute)', a.server.requests_last_minute],
                ['Server errors (last minute)', a.server.errors_last_minute],
                ['Event loop p99', `${a.server.event_loop_p99_ms} ms`],
                ['CPU', `${a.server.cpu_percent}%`],
                ['Memory (RSS)', `${a.server.rss_mb} MB`],
                ['Heap', `${a.server.heap_used_mb} / ${a.server.heap_limit_mb} MB`],
                ['Uptime', uptime(a.server.uptime_s)],
                ['Database', a.server.database],
              ]}
            />
          </section>
        </>
      )}
    </AdminPage>
  );
}
