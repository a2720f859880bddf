import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AnyActorRef, AnyStateMachine } from "xstate";
import { activeIdsOf, layoutChart, renderSvg, type ChartLayout } from "../../../../tools/statecharts/browser.ts";
import { useAppActors, useEventLog } from "../../../shared/actors/context.tsx";
import { createEventLog } from "../../../shared/actors/eventLog.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

// Every machine file, including ones no screen runs yet: the viewer lists them all.
const machineModules = import.meta.glob<Record<string, unknown>>("../../../../machines/**/*.machine.ts", { eager: true });

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === "object" && value !== null && "config" in value && "provide" in value && "root" in value;
}

const machines: AnyStateMachine[] = Object.values(machineModules)
  .flatMap((module) =>
    Object.entries(module)
      .filter(([name, value]) => name.endsWith("Machine") && isMachine(value))
      .map(([, value]) => value as AnyStateMachine),
  )
  .sort((a, b) => a.id.localeCompare(b.id));

function useLayout(machine: AnyStateMachine): ChartLayout | null {
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  useEffect(() => {
    let live = true;
    void layoutChart(machine).then((result) => live && setLayout(result));
    return () => {
      live = false;
    };
  }, [machine]);
  return layout;
}

function Diagram({ layout, active }: { layout: ChartLayout; active: string[] }) {
  const svg = useMemo(() => renderSvg(layout, { activeStateIds: active }), [layout, active]);
  // The SVG is our own output, built from machine definitions with every text escaped.
  return <div className="statechart-diagram" dir="ltr" dangerouslySetInnerHTML={{ __html: svg }} />;
}

const idle = { getSnapshot: () => undefined, subscribe: () => ({ unsubscribe: () => {} }) } as unknown as AnyActorRef;

function MachineCard({ machine, actor }: { machine: AnyStateMachine; actor: AnyActorRef | undefined }) {
  const { t } = useLingui();
  const layout = useLayout(machine);
  const value = useSelector(actor ?? idle, (snapshot) => (snapshot as { value?: unknown } | undefined)?.value);
  const valueKey = JSON.stringify(value ?? null);
  const active = useMemo(() => (value === undefined ? [] : activeIdsOf(machine, JSON.parse(valueKey))), [machine, valueKey, value]);
  return (
    <section className="card statechart-card" aria-labelledby={`machine-${machine.id}`}>
      <h2 id={`machine-${machine.id}`}>
        <bdi dir="ltr">{machine.id}</bdi>
      </h2>
      <p className="statechart-state">
        {actor ? (
          <>
            {t`Current state:`} <code dir="ltr">{active.filter((id) => !active.some((other) => other.startsWith(`${id}.`))).join(", ")}</code>
          </>
        ) : (
          t`Not running in this page.`
        )}
      </p>
      {layout ? <Diagram layout={layout} active={active} /> : <p role="status">{t`Drawing…`}</p>}
    </section>
  );
}

// An app composed without an event log (a test rendering the page on its own) shows none.
const noEvents = createEventLog(0);

function EventLogTable() {
  const { t } = useLingui();
  const log = useEventLog() ?? noEvents;
  const entries = useSyncExternalStore(log.subscribe, log.entries);
  const recent = entries.slice(-30).reverse();
  return (
    <section className="card" aria-labelledby="event-log">
      <h2 id="event-log">{t`Recent events`}</h2>
      {recent.length === 0 ? (
        <p>{t`No events yet.`}</p>
      ) : (
        <table className="event-log">
          <thead>
            <tr>
              <th scope="col">{t`Time`}</th>
              <th scope="col">{t`Machine`}</th>
              <th scope="col">{t`Event`}</th>
            </tr>
          </thead>
          <tbody dir="ltr">
            {recent.map((entry) => (
              <tr key={entry.seq}>
                <td>{new Date(entry.at).toISOString().slice(11, 23)}</td>
                <td>{entry.actor}</td>
                <td>
                  <code>{entry.type}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Every machine as a live diagram, the app's running actors highlighted, and the recent event log. */
export default function StatechartsPage() {
  const actors = useAppActors() as unknown as Record<string, AnyActorRef>;
  return (
    <>
      <PageHeader
        title={<Trans>Statecharts</Trans>}
        lead={<Trans>Every machine in the app, drawn from its definition. Highlighted states are where the running app is now.</Trans>}
      />
      <div className="statecharts">
        <EventLogTable />
        {machines.map((machine) => (
          <MachineCard key={machine.id} machine={machine} actor={actors[machine.id]} />
        ))}
      </div>
    </>
  );
}
