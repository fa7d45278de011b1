// The head of an admin list page: its title and what it is for, 'Back to Admin', and the page's
// own actions beside it.
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function AdminPageHeader({ title, description, actions }: { title: string; description: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-primary">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{description}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to="/admin">
            <ArrowLeft aria-hidden="true" />
            Back to Admin
          </Link>
        </Button>
        {actions}
      </div>
    </div>
  );
}
