import { useEffect, useMemo, useRef, useState } from "react";
import type { ActorRefFrom } from "xstate";
import { pictureMachine } from "../../../machines/account/picture.machine.ts";
import type { PictureNotice } from "../../../machines/account/picture.types.ts";
import { useAppActor, useAppCall } from "../../shared/actors/context.tsx";
import { useActorRef, useInSession } from "../../shared/actors/hooks.ts";
import { uploadMaxBytes } from "../../shared/lib/uploadLimit.ts";
import { pictureImplementations } from "./services/picture.ts";

export type PictureRef = ActorRefFrom<typeof pictureMachine>;

/** The profile page's picture actor: uploads through the app's client; auth keeps the profile each save answers. */
export function usePicture(): PictureRef {
  const call = useAppCall();
  const auth = useAppActor("auth");
  const machine = useMemo(
    () => pictureMachine.provide(pictureImplementations({ call, shareProfile: (profile) => auth.send({ type: "auth.profileChanged", profile }) })),
    [call, auth],
  );
  return useInSession(useActorRef(machine, { input: { maxBytes: uploadMaxBytes() } }));
}

/** A blob's object URL for a preview, revoked when the blob changes or the view goes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The last thing the picture machine said was done, for a polite status line. */
export function usePictureNotice(actor: PictureRef): PictureNotice | null {
  const [notice, setNotice] = useState<PictureNotice | null>(null);
  const latest = useRef(setNotice);
  useEffect(() => {
    const subscription = actor.on("picture.notice", (event) => latest.current(event.notice));
    const cleared = actor.subscribe((snapshot) => snapshot.hasTag("busy") && latest.current(null));
    return () => {
      subscription.unsubscribe();
      cleared.unsubscribe();
    };
  }, [actor]);
  return notice;
}
