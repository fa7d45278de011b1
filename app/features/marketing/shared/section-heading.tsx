import { cn } from "~/lib/utils";

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "left" | "center";
  /** On dark (primary) backgrounds. */
  inverted?: boolean;
  className?: string;
};

/** A section's eyebrow, h2 (its id labels the section) and intro paragraph. */
export function SectionHeading({ id, eyebrow, title, intro, align = "left", inverted = false, className }: SectionHeadingProps) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? (
        <p
          className={cn(
            "text-sm font-semibold tracking-wide uppercase",
            inverted ? "text-orange-200" : "text-brand",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          inverted ? "text-primary-foreground" : "text-primary",
        )}
      >
        {title}
      </h2>
      {intro ? (
        <p className={cn("mt-4 text-lg text-pretty", inverted ? "text-primary-foreground/85" : "text-muted-foreground")}>
          {intro}
        </p>
      ) : null}
    </div>
  );
}

/** The page width and side padding every marketing section shares. */
export const container = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";
