import { NotFound } from "../../../shared/ui/NotFound.tsx";

export default function NotFoundPage() {
  return <NotFound />;
}
