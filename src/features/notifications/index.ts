// What other features may use of notifications.
export { NotificationsCard } from "./components/NotificationsCard.tsx";
