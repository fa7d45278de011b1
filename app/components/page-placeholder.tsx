/** A page whose screen arrives with a later issue: its heading only. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{title}</h1>
    </div>
  );
}
