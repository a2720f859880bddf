import { z } from "zod";
import { routeList, type Failure, type RouteDef } from "../../../contract/index.ts";

// The OpenAPI 3.1 document of the contract's table, served at GET /api/v1/openapi.json. Request
// bodies are described as a client sends them (zod's "input"), answers as the server sends them
// ("output"). Refinements that JSON Schema cannot say (a password's strength, the account's own
// e-mail) stay in the route's 400 validation failure.

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type Method = RouteDef["methods"][number];

/** A Failure of the table, or one only the platform answers (415, 421). */
export type AnyFailure = { status: number; reason?: string; description: string };

const ERROR = { $ref: "#/components/schemas/ErrorEnvelope" };

/** Failures any route can answer before its handler runs (server/app.ts and its middleware). */
const BODY_FAILURES: readonly Failure[] = [
  { status: 400, description: "The body is not JSON, or not UTF-8 text." },
  {
    status: 400,
    reason: "validation",
    description: "A string or key holds a control character or a lone surrogate; data.fields names the field (translated), data.fieldKeys its issue key.",
  },
  { status: 413, description: "The body is larger than the server's limit (BODY_LIMIT_BYTES)." },
];
/** 415 is not in the table's Failure statuses: only the platform answers it. */
const UNSUPPORTED_MEDIA_TYPE: AnyFailure = { status: 415, description: "A non-empty body that is not JSON (application/json or a +json type)." };
const ANY_FAILURES: readonly Failure[] = [{ status: 500, description: "An unexpected failure; the server's log holds it under the answer's X-Request-Id." }];
const MISDIRECTED: AnyFailure = { status: 421, description: "The Host header names a host this server does not answer to." };

const SECURITY_SCHEME = "session";

/** Where the document is served, under the API's base path. */
export const OPENAPI_PATH = "/openapi.json";

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function successResponse(data: JsonSchema) {
  return {
    description: "Success.",
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["status", "message", "data"],
          properties: { status: { const: "success" }, message: { type: "string", minLength: 1 }, data },
          additionalProperties: false,
        },
      },
    },
  };
}

/** One response per status: its failures' descriptions, and the `data.reason` values it may carry. */
function errorResponses(failures: readonly AnyFailure[]): Record<string, unknown> {
  const byStatus = new Map<number, AnyFailure[]>();
  for (const failure of failures) byStatus.set(failure.status, [...(byStatus.get(failure.status) ?? []), failure]);
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const reasons = [...new Set(list.flatMap((f) => (f.reason ? [f.reason] : [])))];
    const always = list.every((f) => f.reason);
    const schema =
      reasons.length === 0
        ? ERROR
        : {
            allOf: [
              ERROR,
              {
                type: "object",
                ...(always ? { required: ["data"] } : {}),
                properties: { data: { type: "object", ...(always ? { required: ["reason"] } : {}), properties: { reason: { enum: reasons } } } },
              },
            ],
          };
    const description = list.map((f) => (f.reason ? `${f.reason}: ${f.description}` : f.description)).join("\n\n");
    responses[String(status)] = {
      description,
      ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer", minimum: 1 } } } } : {}),
      content: { "application/json": { schema } },
    };
  }
  return responses;
}

/** Every failure a route documents at a method: its own (the table's) and the platform's. */
export function failuresOf(route: RouteDef, method: Method): readonly AnyFailure[] {
  const hasBody = method !== "GET";
  return [...route.failures, ...(hasBody ? [...BODY_FAILURES, UNSUPPORTED_MEDIA_TYPE] : []), MISDIRECTED, ...ANY_FAILURES];
}

function operation(route: RouteDef & { name: string }, method: Method): Operation {
  const hasBody = method !== "GET";
  const failures = failuresOf(route, method);
  const live = route.status === "live";
  return {
    operationId: route.methods.length > 1 ? `${route.name}${method[0]}${method.slice(1).toLowerCase()}` : route.name,
    tags: [route.group],
    summary: route.summary,
    ...(live ? {} : { description: "Planned: in the spec, not built yet. Answers 501." }),
    ...(route.auth === "session" ? { security: [{ [SECURITY_SCHEME]: [] }] } : {}),
    ...(hasBody
      ? {
          requestBody: {
            // An empty body counts as {} (server/platform/http/json-body.ts).
            required: route.body === "multipart" || !route.request.safeParse({}).success,
            // An upload is a multipart form (server/platform/http/form-body.ts); every other body is JSON.
            content: { [route.body === "multipart" ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(route.request, "input") } },
          },
        }
      : {}),
    responses: { ...(live ? { "200": successResponse(jsonSchema(route.response, "output")) } : {}), ...errorResponses(failures) },
  };
}

function buildDocument(base: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routeList) {
    paths[route.path] = Object.fromEntries(route.methods.map((method) => [method.toLowerCase(), operation(route, method)]));
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: "openApi",
      tags: ["System"],
      summary: "This document: every path of the API, generated from the contract's route table.",
      responses: {
        "200": { description: "The OpenAPI 3.1 document (not wrapped in the envelope).", content: { "application/json": { schema: { type: "object" } } } },
        ...errorResponses([MISDIRECTED, ...ANY_FAILURES]),
      },
    },
  };
  return {
    openapi: "3.1.1",
    info: {
      title: "Sarraf API",
      version: "1",
      description:
        'Every call answers JSON. Success is HTTP 200 with { status: "success", message, data }; a failure is { status: "error", message, data? }. ' +
        "`message` is translated into the request's Accept-Language (en or ar); clients branch on the HTTP status and data.reason, never on the message.",
    },
    servers: [{ url: base }],
    tags: [...new Set(routeList.map((route) => route.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ErrorEnvelope: {
          type: "object",
          required: ["status", "message"],
          properties: {
            status: { const: "error" },
            message: { type: "string", minLength: 1, description: "Translated into the request's language." },
            data: {
              type: "object",
              description: "Details: data.reason says which case; data.fields names bad fields (translated) and data.fieldKeys gives each its issue key.",
            },
          },
        },
      },
      securitySchemes: {
        [SECURITY_SCHEME]: { type: "http", scheme: "bearer", description: "The Token a sign-in answered: opaque, revoked on logout." },
      },
    },
  };
}

let cached: ReturnType<typeof buildDocument> | undefined;

/** Built on first use and kept: the table does not change while the server runs (nor the base path). */
export function openApiDocument(base: string) {
  cached ??= buildDocument(base);
  return cached;
}
