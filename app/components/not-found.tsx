import { Link } from "react-router";

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="mt-6 font-medium text-primary underline underline-offset-4 hover:text-primary/80">
        Return to Home
      </Link>
    </div>
  );
}
