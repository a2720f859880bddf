import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { routeList } from "../../../contract/index.ts";
import { API_BASE } from "../../../server/app.ts";
import { openApiDocument } from "../../../server/platform/http/openapi.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
appOverTestDatabase((suite) => ({ t } = suite));

type Operation = {
  operationId: string;
  tags: string[];
  security?: Record<string, string[]>[];
  requestBody?: { required: boolean; content: { "application/json": { schema: Record<string, unknown> } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: Record<string, unknown> } } }>;
};
type Spec = Parameters<Validator["validate"]>[0];
type Document = { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

async function served(): Promise<{ res: Response; doc: Document }> {
  const res = await t.app.request(`${API_BASE}/openapi.json`);
  return { res, doc: (await res.clone().json()) as Document };
}

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const { res, doc } = await served();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.servers).toEqual([{ url: API_BASE }]);
    // The validator does refuse a broken document (no info, a response without a description).
    const broken = structuredClone(doc) as unknown as {
      info?: unknown;
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    };
    delete broken.info;
    delete broken.paths["/user/login"]!.post!.responses["200"]!.description;
    expect((await new Validator().validate(broken as unknown as Spec)).valid).toBe(false);
  });

  it("lists exactly the paths and methods the server mounts under /api/v1", async () => {
    const { doc } = await served();
    const mounted = new Set(
      t.app.routes
        .filter(({ method, path }) => method !== "ALL" && path.startsWith(`${API_BASE}/`) && !/[*:]/.test(path))
        .map(({ method, path }) => `${method} ${path.slice(API_BASE.length)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    expect([...mounted].sort()).toEqual([...documented].sort());
    // And every route of the contract's table is among them, at its methods.
    for (const route of routeList) for (const method of route.methods) expect(documented, `${method} ${route.path}`).toContain(`${method} ${route.path}`);
  });

  it("documents each route from the table: schemas, session security, failures with their reasons, 501 for planned ones", async () => {
    const { doc } = await served();
    for (const route of routeList) {
      for (const method of route.methods) {
        const operation = doc.paths[route.path]![method.toLowerCase()]!;
        expect(operation.tags).toEqual([route.group]);
        expect(operation.security, route.name).toEqual(route.auth === "session" ? [{ session: [] }] : undefined);
        const statuses = Object.keys(operation.responses);
        expect(statuses.includes("200"), route.name).toBe(route.status === "live");
        expect(statuses.includes("501"), route.name).toBe(route.status === "planned");
        // The platform's own failures, on every operation; body failures where a body is read.
        expect(statuses).toEqual(expect.arrayContaining(["421", "500", ...(method === "GET" ? [] : ["400", "413", "415"])]));
        for (const failure of route.failures) {
          const response = operation.responses[String(failure.status)]!;
          expect(response.description, `${route.name} ${failure.status}`).toContain(failure.description);
          if (failure.reason) expect(JSON.stringify(response.content), `${route.name} ${failure.reason}`).toContain(`"${failure.reason}"`);
        }
      }
    }
    const login = doc.paths["/user/login"]!.post!;
    expect(login.requestBody).toMatchObject({
      required: true,
      content: { "application/json": { schema: { type: "object", required: ["email", "password"], additionalProperties: false } } },
    });
    const data = (login.responses["200"]!.content!["application/json"].schema as { properties: { data: { required: string[] } } }).properties.data;
    expect(data.required).toEqual(expect.arrayContaining(["id", "email", "Token", "createdAt"]));
    // A body that may be empty is optional (an empty body counts as {}).
    expect(doc.paths["/user/get-profile-by-id"]!.post!.requestBody?.required).toBe(false);
  });

  it("is built once and served as built", async () => {
    expect(openApiDocument(API_BASE)).toBe(openApiDocument(API_BASE));
    const { doc } = await served();
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument(API_BASE))));
  });
});
