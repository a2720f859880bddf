// The entry: only the styles and a dynamic import, so the app's modules are evaluated in stages
// (src/app/boot.tsx), each its own shorter task, rather than all in this module's one long task.
import "./styles.css";

void import("./app/boot.tsx").then(({ boot }) => boot());
