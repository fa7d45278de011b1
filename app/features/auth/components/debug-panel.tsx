/** The auth debug info of /admin-login (SPEC.md 2), shown only outside production (DESIGN.md 9). */
export function AuthDebugPanel({
  authenticated,
  isAdmin,
  loading,
  email,
}: {
  authenticated: boolean;
  isAdmin: boolean;
  loading: boolean;
  email: string | null;
}) {
  const rows: Array<[string, string]> = [
    ["Authenticated", authenticated ? "Yes" : "No"],
    ["Admin role", isAdmin ? "Yes" : "No"],
    ["Loading", loading ? "Yes" : "No"],
    ["User email", email ?? "None"],
  ];
  return (
    <section aria-labelledby="auth-debug-title" className="rounded-lg border border-dashed bg-muted/50 p-4 text-sm">
      <h2 id="auth-debug-title" className="font-semibold">
        Debug info
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}:</dt>
            <dd className="font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
