/**
 * A robot's trap: a field no person sees (off screen, out of the tab order, hidden from assistive
 * technology) that form-filling scripts fill. The server answers a filled one as a success and
 * keeps nothing.
 */
export function Honeypot({ name, label }: { name: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {label}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
