// oidc-provider ships no types for its in-memory adapter module; this is the one export we use.
declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { Adapter, AdapterPayload } from "oidc-provider";
  export default class MemoryAdapter implements Adapter {
    constructor(model: string);
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<undefined | void>;
    find(id: string): Promise<AdapterPayload | undefined | void>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined | void>;
    findByUid(uid: string): Promise<AdapterPayload | undefined | void>;
    consume(id: string): Promise<undefined | void>;
    destroy(id: string): Promise<undefined | void>;
    revokeByGrantId(grantId: string): Promise<undefined | void>;
  }
}
