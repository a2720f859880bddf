import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { Server, ServerResponse } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { PRUNE } from "./modules/auth/limits.ts";
import { pruneAuthRows } from "./modules/auth/prune.ts";
import { pruneNewsletterRows } from "./modules/contact/index.ts";
import { createFiles, fileStoreFor, UNUSED_PICTURE_MS } from "./modules/files/index.ts";
import { startLeadership } from "./platform/db/leader.ts";
import { openDatabase, type Database } from "./platform/db/open.ts";
import { envWith, isPlayMoneyDemo, type Env } from "./env.ts";
import { devToolsEnabled, isLoopbackHostname } from "./platform/http/hosts.ts";
import { createLogger, errorFields, type Logger } from "./platform/logging/logger.ts";
import { createMailService } from "./platform/mail/index.ts";
import { createCatalog, createPriceService } from "./modules/market/index.ts";
import { seedHouse } from "./modules/trading/index.ts";
import { createHoldExpiry, createLedger } from "./modules/ledger/index.ts";
import { passwordChangedAt, userContact } from "./modules/auth/index.ts";
import { createWithdrawals, devWithdrawClock } from "./modules/withdrawals/index.ts";
import { createOnramp, mailReversalNotices } from "./modules/onramp/index.ts";
import { createKyc, kycStatus, photosFrom } from "./modules/kyc/index.ts";
import { loadContent } from "./modules/blog/index.ts";

export interface StartOptions {
  /** Parsed settings; defaults to the defaults of every setting. */
  env?: Env;
  logger?: Logger;
}

export interface RunningServer {
  port: number;
  url: string;
  database: Database;
  /** Requests received (headers read) whose answer has not finished: what a shutdown waits for. */
  inFlight(): number;
  /** Stops accepting, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), closes the DB and its lock. */
  close(): Promise<void>;
}

const version: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

export async function startServer({ env = envWith(), logger = createLogger(env.LOG_LEVEL) }: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX } : { dataDir: resolve(env.DATA_DIR) },
  );
  const staticDir = resolve(env.STATIC_DIR);
  if (!existsSync(resolve(staticDir, "index.html"))) {
    logger.warn("spa.missing", { staticDir, hint: "run `npm run build`; until then pages answer 503" });
  }
  const devTools = devToolsEnabled(env);
  if (env.NODE_ENV !== "production" && !devTools && !isLoopbackHostname(env.HOST)) {
    // Everyone who can reach this address could read every code and sign in as anyone.
    logger.warn("devTools.off", {
      host: env.HOST,
      hint: "the dev mailbox and the stand-in sign-in provider are off on a network address; DEV_TOOLS=on turns them on",
    });
  }
  if (devTools && !isLoopbackHostname(env.HOST)) {
    // Turned on by hand for a network address: say loudly what that exposes.
    logger.warn("devTools.exposed", {
      host: env.HOST,
      hint: "DEV_TOOLS=on: anyone who reaches this address can read every e-mailed code at /dev/mailbox and sign in as anyone through the stand-in provider",
    });
  }
  if (env.NODE_ENV === "production" && !env.SMTP_URL)
    logger.warn("mail.outboxInProduction", { hint: "OUTBOX_IN_PRODUCTION=true: mail stays in the database outbox" });
  if (isPlayMoneyDemo(env))
    logger.warn("onramp.sandboxInProduction", {
      hint: "ONRAMP_SANDBOX_IN_PRODUCTION=demo-with-play-money: the sandbox's test cards credit balances for free; every page says this is a demo with play money",
    });
  // The blog's posts and the partner pages, from their files (a refused file is logged and skipped).
  await loadContent({ db: database.db, logger, dir: resolve(env.CONTENT_DIR), now: () => new Date() });
  const mail = createMailService(env, database.db, logger, () => new Date());
  const prices = createPriceService({ env, logger, now: () => new Date() });
  const ledger = createLedger(database.db);
  const notify = mailReversalNotices({ mail, logger, contactOf: (userId) => userContact(database.db, userId) });
  const onramp = createOnramp({ db: database.db, env, logger, now: () => new Date(), ledger, notify });
  const holdExpiry = createHoldExpiry({ ledger, logger, everySeconds: env.LEDGER_EXPIRE_SECONDS });
  const files = createFiles({
    db: database.db,
    store: fileStoreFor(env),
    logger,
    now: () => new Date(),
    maxBytes: env.UPLOAD_MAX_BYTES,
    uploadsPerHour: env.UPLOADS_PER_HOUR,
  });
  const kyc = createKyc({ db: database.db, env, logger, now: () => new Date(), photos: photosFrom(files) });
  // With the development tools on, withdrawals run on a clock that /dev/withdrawals/clock moves forward.
  const withdrawClock = devTools ? devWithdrawClock() : undefined;
  const withdrawals = createWithdrawals({
    db: database.db,
    env,
    logger,
    now: withdrawClock?.now ?? (() => new Date()),
    ledger,
    catalog: createCatalog({ db: database.db, prices, now: () => new Date() }),
    mail,
    // Withdrawals need approved identity verification (the KYC module's answer).
    kyc: { kycApproved: async (userId) => (await kycStatus(database.db, userId)).status === "approved" },
    contactOf: (userId) => userContact(database.db, userId),
    passwordChangedAt: (userId) => passwordChangedAt(database.db, userId),
  });
  const app = createApp({ database, env, logger, staticDir, version, mail, prices, ledger, onramp, files, kyc, withdrawals, withdrawClock });
  // Development: the house gets its inventory from its treasury, once (README "Trading"); production funds it by `npm run ops:house`.
  if (env.NODE_ENV !== "production" && env.TRADE_DEV_SEED === "on") {
    await seedHouse({ ledger, catalog: createCatalog({ db: database.db, prices, now: () => new Date() }), logger });
  }

  let server: Server;
  try {
    server = await new Promise<Server>((ready, fail) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => ready(s as Server));
      s.once("error", fail);
    });
  } catch (error) {
    prices.stop();
    await onramp.stop();
    await withdrawals.stop();
    await kyc.stop();
    await mail.close();
    await database.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  const url = `http://${shownHost}:${port}`;
  logger.info("started", { url, database: database.kind, mail: mail.kind, devTools, version, pid: process.pid });

  const prune = () =>
    Promise.all([
      pruneAuthRows(database.db, new Date(), { idleMinutes: env.SESSION_IDLE_MINUTES }).then(
        (deleted) => logger.debug("auth.pruned", deleted),
        (error: unknown) => logger.warn("auth.pruneFailed", errorFields(error)),
      ),
      // Pictures uploaded but never set (a closed tab between the upload and the save).
      files.pruneUnusedPictures(new Date(Date.now() - UNUSED_PICTURE_MS)).then(
        (deleted) => logger.debug("files.pruned", { deleted }),
        (error: unknown) => logger.warn("files.pruneFailed", errorFields(error)),
      ),
      pruneNewsletterRows(database.db, new Date()).then(
        (deleted) => logger.debug("newsletter.pruned", deleted),
        (error: unknown) => logger.warn("newsletter.pruneFailed", errorFields(error)),
      ),
    ]);
  // The background jobs run in one process of those sharing the database (platform/db/leader.ts).
  // The last prune is awaited when they stop, so it never races the database closing.
  let pruned: Promise<unknown> = Promise.resolve();
  let pruning: ReturnType<typeof setInterval> | undefined;
  const leadership = startLeadership({
    databaseUrl: env.DATABASE_URL,
    logger,
    lead: () => {
      pruned = prune();
      onramp.start();
      kyc.start();
      holdExpiry.start();
      withdrawals.start();
      pruning = setInterval(() => (pruned = prune()), PRUNE.everyMs).unref();
    },
    resign: async () => {
      clearInterval(pruning);
      await pruned;
      await Promise.all([onramp.stop(), kyc.stop(), holdExpiry.stop(), withdrawals.stop()]);
    },
  });

  let inFlight = 0;
  server.on("request", (_request, response: ServerResponse) => {
    inFlight++;
    response.once("close", () => inFlight--);
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // close() stops new connections and resolves once in-flight responses are done;
      // idle keep-alive sockets would hold it open, so they go now and the rest at the deadline.
      prices.stop();
      const stopped = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      const deadline = setTimeout(() => {
        logger.warn("shutdown.timeout", { ms: env.SHUTDOWN_TIMEOUT_MS, cut: inFlight });
        server.closeAllConnections();
      }, env.SHUTDOWN_TIMEOUT_MS);
      await stopped;
      clearTimeout(deadline);
      await leadership.stop();
      await mail.close();
      await database.close();
      logger.info("stopped", { url });
    })());

  return { port, url, database, inFlight: () => inFlight, close };
}
