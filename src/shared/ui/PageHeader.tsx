import type { ReactNode } from "react";

export function PageHeader({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </div>
  );
}

/** A screen whose features arrive in a later release: says so plainly instead of faking data. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <section className="empty-state">
      <p>{children}</p>
    </section>
  );
}
