import { isDeepStrictEqual } from "node:util";
import { routeList, type RouteDef } from "../../../contract/index.ts";
import { API_BASE, type App } from "../../../server/app.ts";
import { failuresOf } from "../../../server/platform/http/openapi.ts";

const routeAt = new Map<string, RouteDef>(routeList.map((route) => [API_BASE + route.path, route]));

/** What an answer broke of the contract; thrown, so the test that received the answer fails. */
export class ContractViolation extends Error {
  override name = "ContractViolation";
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Checks one answer under /api against the contract: JSON always; a 200 is the success envelope
 * whose `data` the route's response schema accepts as it is (nothing unknown that parsing would
 * drop); anything else is the error envelope, at a status (and `data.reason`) the route documents.
 */
export async function checkAnswer(method: string, path: string, response: Response): Promise<void> {
  if (!path.startsWith("/api/") || method === "HEAD" || path === `${API_BASE}/openapi.json`) return;
  const fail = (problem: string) => {
    throw new ContractViolation(`${method} ${path} answered ${response.status}: ${problem}`);
  };
  if (!/^application\/json/.test(response.headers.get("Content-Type") ?? "")) fail(`Content-Type ${response.headers.get("Content-Type")}`);
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    fail("a body that is not JSON");
  }
  if (!isRecord(body)) return fail("a body that is not an object");
  const route = routeAt.get(path);
  const keys = Object.keys(body).sort();
  if (response.status === 200) {
    if (body.status !== "success" || typeof body.message !== "string" || body.message === "" || keys.join() !== "data,message,status") {
      return fail(`not the success envelope (keys ${keys.join(", ")})`);
    }
    if (!route) return fail("success on a path the contract does not list");
    const parsed = route.response.safeParse(body.data);
    if (!parsed.success)
      return fail(`data the response schema refuses: ${parsed.error.issues.map((i) => `${i.path.join(".") || "data"}: ${i.message}`).join("; ")}`);
    if (!isDeepStrictEqual(parsed.data, body.data)) return fail("data with fields the response schema does not know");
    return;
  }
  const envelope =
    body.status === "error" && typeof body.message === "string" && body.message !== "" && keys.every((key) => ["status", "message", "data"].includes(key));
  if (!envelope) return fail(`not the error envelope (keys ${keys.join(", ")})`);
  // 404 and 405 belong to no route: unknown paths, or a method the path does not take.
  if (!route || response.status === 404 || response.status === 405) return;
  const documented = failuresOf(route, method as RouteDef["methods"][number]).filter((f) => f.status === response.status);
  if (documented.length === 0) return fail("a status the route does not document");
  const reason = isRecord(body.data) ? body.data.reason : undefined;
  if (reason !== undefined && !documented.some((f) => f.reason === reason))
    return fail(`data.reason ${String(reason)}, which the route does not document at this status`);
}

function methodAndPath(input: RequestInfo | URL, init?: RequestInit): [string, string] {
  if (input instanceof Request) return [input.method, new URL(input.url).pathname];
  return [(init?.method ?? "GET").toUpperCase(), new URL(input, "http://localhost").pathname];
}

/**
 * The app with its `request` and `fetch` checking every /api answer against the contract (see
 * checkAnswer): every test that calls the API checks what it answers, without saying so.
 */
export function contractChecked(app: App): App {
  const request: App["request"] = async (input, init, ...rest) => {
    const response = await app.request(input, init, ...rest);
    await checkAnswer(...methodAndPath(input, init), response);
    return response;
  };
  const fetch: App["fetch"] = async (incoming, ...rest) => {
    const response = await app.fetch(incoming, ...rest);
    await checkAnswer(...methodAndPath(incoming), response);
    return response;
  };
  return new Proxy(app, {
    get: (target, key, receiver) => (key === "request" ? request : key === "fetch" ? fetch : Reflect.get(target, key, receiver)),
  });
}
