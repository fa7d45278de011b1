import { CircleAlert, DatabaseBackup } from "lucide-react";
import { dateTime } from "~/lib/central-time";
import { formatBytes } from "~/lib/format-bytes";
import type { BackupLine } from "./backup.server";

/** The last backup's time and size; a warning, with what to do, when there is none or it is over two days old. */
export function BackupStatusLine({ backup }: { backup: BackupLine }) {
  const warning = !backup || backup.stale;
  const Icon = warning ? CircleAlert : DatabaseBackup;
  return (
    <p
      className={`mt-4 flex items-start gap-2 rounded-lg border p-4 text-sm ${warning ? "border-destructive/40 bg-destructive/5 text-destructive" : "bg-card text-muted-foreground"}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {backup ? (
          <>
            Last backup: <span className="font-medium text-foreground">{dateTime(new Date(backup.at))}</span>, {formatBytes(backup.sizeBytes)}.
            {backup.stale ? " It is more than two days old: check the backup e-mails and that the site can write its backups, or run “npm run backup”." : null}
          </>
        ) : (
          "No backup has been taken yet. The site backs itself up once a day; to take one now, run “npm run backup” on the server."
        )}
      </span>
    </p>
  );
}
