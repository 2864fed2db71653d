/** Being built: see issue #7. */
export function KioskPage() {
  return <h1>Kiosk</h1>;
}
