// Sumsub's applicant model (KYC_PROVIDER=sumsub): create the applicant (or update the one a retry
// reuses), add the document photos and the selfie, then ask for a review. Requests are signed
// with the app's secret (X-App-Access-Sig over ts + method + path + body); the outcome arrives as
// the `applicantReviewed` webhook (sumsub-webhook.ts).
import { createHmac } from "node:crypto";
import { alpha3Of, type KycDocumentType } from "../../../contract/index.ts";
import { ProviderUnavailable, type KycProvider, type ProviderSubmission } from "./provider.ts";
import { readSumsubWebhook } from "./sumsub-webhook.ts";

/** A stored photo's bytes, from the files module; null when the file is not the user's image. */
export type PhotoSource = (userId: string, fileId: string) => Promise<{ bytes: Uint8Array; contentType: string } | null>;

export interface SumsubOptions {
  apiUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  levelName: string;
  now: () => Date;
  fetch?: typeof fetch;
  photos?: PhotoSource;
}

const DOC_TYPES: Record<KycDocumentType, string> = { passport: "PASSPORT", nationalId: "ID_CARD", drivingLicence: "DRIVERS" };
const TIMEOUT_MS = 15_000;

export function createSumsubProvider(o: SumsubOptions): KycProvider {
  const send = o.fetch ?? fetch;

  async function call(method: "GET" | "POST" | "PATCH", path: string, body?: { bytes: Uint8Array; type: string }) {
    const ts = String(Math.floor(o.now().getTime() / 1000));
    const signature = createHmac("sha256", o.secretKey).update(ts + method + path);
    if (body) signature.update(body.bytes);
    let response: Response;
    try {
      response = await send(o.apiUrl + path, {
        method,
        headers: {
          Accept: "application/json",
          "X-App-Token": o.appToken,
          "X-App-Access-Ts": ts,
          "X-App-Access-Sig": signature.digest("hex"),
          ...(body ? { "Content-Type": body.type } : {}),
        },
        body: body ? (body.bytes as BodyInit) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailable(`${method} ${path.split("?")[0]}: ${(error as Error).name}`);
    }
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: response.status, answer };
  }

  const json = (value: unknown) => ({ bytes: new TextEncoder().encode(JSON.stringify(value)), type: "application/json" });

  async function expectOk(method: "POST" | "PATCH", path: string, body?: { bytes: Uint8Array; type: string }) {
    const { status, answer } = await call(method, path, body);
    if (status < 200 || status > 299) throw new ProviderUnavailable(`${method} ${path.split("?")[0]!.replace(/[a-f0-9]{24}/g, ":id")} answered ${status}`);
    return answer ?? {};
  }

  function fixedInfo(s: ProviderSubmission) {
    const country = alpha3Of(s.country);
    return {
      firstName: s.firstName,
      lastName: s.lastName,
      dob: s.dateOfBirth,
      country,
      addresses: [{ country, street: s.addressLine, town: s.city, postCode: s.postalCode || undefined }],
    };
  }

  async function applicantFor(s: ProviderSubmission): Promise<string> {
    if (s.previousRef) {
      await expectOk("PATCH", `/resources/applicants/${encodeURIComponent(s.previousRef)}/fixedInfo`, json(fixedInfo(s)));
      return s.previousRef;
    }
    const path = `/resources/applicants?levelName=${encodeURIComponent(o.levelName)}`;
    const { status, answer } = await call("POST", path, json({ externalUserId: s.userId, fixedInfo: fixedInfo(s) }));
    if (status >= 200 && status <= 299 && typeof answer?.id === "string") return answer.id;
    // 409: this user already has an applicant (an earlier try whose answer was lost): use it.
    if (status === 409) {
      const found = await call("GET", `/resources/applicants/-;externalUserId=${encodeURIComponent(s.userId)}/one`);
      if (found.status === 200 && typeof found.answer?.id === "string") return found.answer.id;
    }
    throw new ProviderUnavailable(`create applicant answered ${status}`);
  }

  async function addDocument(applicantId: string, s: ProviderSubmission, fileId: string, metadata: Record<string, string>) {
    const photo = (await o.photos?.(s.userId, fileId)) ?? null;
    const boundary = `sarraf-${crypto.randomUUID()}`;
    const parts: (string | Uint8Array)[] = [
      `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n`,
    ];
    if (photo)
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="${fileId}"\r\nContent-Type: ${photo.contentType}\r\n\r\n`,
        photo.bytes,
        "\r\n",
      );
    parts.push(`--${boundary}--\r\n`);
    const chunks = parts.map((part) => (typeof part === "string" ? new TextEncoder().encode(part) : part));
    const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
    chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.length), 0);
    await expectOk("POST", `/resources/applicants/${encodeURIComponent(applicantId)}/info/idDoc`, { bytes, type: `multipart/form-data; boundary=${boundary}` });
  }

  return {
    name: "sumsub",
    async submit(s) {
      const applicantId = await applicantFor(s);
      const country = alpha3Of(s.country)!;
      const idDocType = DOC_TYPES[s.documentType];
      const doc = { idDocType, country, number: s.documentNumber };
      if (s.backFileId) {
        await addDocument(applicantId, s, s.frontFileId, { ...doc, idDocSubType: "FRONT_SIDE" });
        await addDocument(applicantId, s, s.backFileId, { ...doc, idDocSubType: "BACK_SIDE" });
      } else await addDocument(applicantId, s, s.frontFileId, doc);
      await addDocument(applicantId, s, s.selfieFileId, { idDocType: "SELFIE", country });
      await expectOk("POST", `/resources/applicants/${encodeURIComponent(applicantId)}/status/pending`);
      return { ref: applicantId };
    },
    verifyWebhook: (raw, headers) => readSumsubWebhook(raw, headers, o.webhookSecret),
  };
}
