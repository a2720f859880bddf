import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { createAppServices } from "./app/createActors.ts";
import { App } from "./app/App.tsx";
import "./styles.css";

const services = createAppServices({ navigate: (to, options) => navigate(to, options), path: () => window.location.pathname });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App actors={services.actors} eventLog={services.eventLog} />
  </StrictMode>,
);
