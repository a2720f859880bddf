import { useMemo, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { COUNTRY_CODES, KYC_DOCUMENT_TYPES, needsBackPhoto, type KycDocumentType } from "../../../../contract/index.ts";
import type { KycFailure, KycFormFields } from "../../../../machines/kyc/kyc.types.ts";
import { Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { countryName, documentTypeText } from "../lib/texts.ts";
import { EMPTY, formSchema, PICKED, type Name, type Photos } from "../lib/form.ts";
import { PhotoField, SelectField } from "./fields.tsx";

/** The verification form: legal name, birth date, country, address, the document and its photos, a selfie. */
export function KycForm({
  initial,
  busy,
  failure,
  onSubmit,
}: {
  initial: Partial<KycFormFields> | null;
  busy: boolean;
  failure: KycFailure | null;
  onSubmit: (form: KycFormFields, photos: { front: File; back: File | null; selfie: File }) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm(formSchema, startingValues(initial), failure);
  const [photos, setPhotos] = useState<Photos>({ front: null, back: null, selfie: null });
  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, name: countryName(i18n.locale, code) })).sort((a, b) => a.name.localeCompare(b.name, i18n.locale)),
    [i18n.locale],
  );
  const documentType = form.values.documentType as KycDocumentType;
  const withBack = needsBackPhoto(documentType);
  const pick = (slot: keyof Photos, name: Name) => (file: File | null) => {
    setPhotos((now) => ({ ...now, [slot]: file }));
    form.set(name, file ? PICKED : "");
  };
  const chooseType = (value: string) => {
    form.set("documentType", value);
    if (!needsBackPhoto(value as KycDocumentType)) pick("back", "backFileId")(null);
  };
  const send = form.onSubmit((data) => {
    const { frontFileId: _f, backFileId: _b, selfieFileId: _s, ...fields } = data;
    onSubmit(fields, { front: photos.front!, back: withBack ? photos.back : null, selfie: photos.selfie! });
  });
  const photoFailure = failure?.flow === "upload" ? failure : null;
  return (
    <form ref={form.formRef} className="form card" noValidate onSubmit={send} aria-labelledby="kyc-form-heading">
      <h2 id="kyc-form-heading">{t`Your details`}</h2>
      <p className="field-hint">{t`Enter your name and details exactly as they are printed on your document.`}</p>
      <div className="kyc-grid">
        <Field label={t`First name`} autoComplete="given-name" required {...form.bind("firstName")} />
        <Field label={t`Last name`} autoComplete="family-name" required {...form.bind("lastName")} />
        <Field
          label={t`Date of birth`}
          autoComplete="bday"
          inputMode="numeric"
          dir="ltr"
          placeholder="YYYY-MM-DD"
          hint={
            <Trans>
              As <bdi dir="ltr">YYYY-MM-DD</bdi>, for example <bdi dir="ltr">1990-05-17</bdi>. You must be at least 18.
            </Trans>
          }
          required
          {...form.bind("dateOfBirth")}
        />
        <SelectField
          label={t`Country of residence`}
          name="country"
          value={form.values.country}
          error={form.errorOf("country")}
          onChange={(v) => form.set("country", v)}
        >
          <option value="">{t`Choose a country`}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <Field label={t`Street address`} autoComplete="street-address" required {...form.bind("addressLine")} />
        <Field label={t`City`} autoComplete="address-level2" required {...form.bind("city")} />
        <Field label={t`Postal code (if any)`} autoComplete="postal-code" dir="ltr" {...form.bind("postalCode")} />
      </div>
      <h2>{t`Your document`}</h2>
      <div className="kyc-grid">
        <SelectField label={t`Document type`} name="documentType" value={documentType} error={form.errorOf("documentType")} onChange={chooseType}>
          {KYC_DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {documentTypeText(i18n, type)}
            </option>
          ))}
        </SelectField>
        <Field label={t`Document number`} dir="ltr" autoCapitalize="characters" spellCheck={false} required {...form.bind("documentNumber")} />
      </div>
      <div className="kyc-grid">
        <PhotoField
          label={withBack ? t`Front of the document` : t`Photo page of the passport`}
          name="frontFileId"
          hint={t`JPEG, PNG or WebP; the whole document, sharp and without glare.`}
          file={photos.front}
          error={form.errorOf("frontFileId")}
          onChange={pick("front", "frontFileId")}
        />
        {withBack && (
          <PhotoField
            label={t`Back of the document`}
            name="backFileId"
            hint={t`JPEG, PNG or WebP; the whole back side.`}
            file={photos.back}
            error={form.errorOf("backFileId")}
            onChange={pick("back", "backFileId")}
          />
        )}
        <PhotoField
          label={t`A selfie`}
          name="selfieFileId"
          hint={t`Your face, looking at the camera, in good light.`}
          file={photos.selfie}
          error={form.errorOf("selfieFileId")}
          selfie
          onChange={pick("selfie", "selfieFileId")}
        />
      </div>
      <FormAlert failure={photoFailure ?? (failure?.flow === "submit" ? failure : null)} />
      <SubmitButton busy={busy} busyLabel={t`Sending…`}>
        {t`Send for review`}
      </SubmitButton>
    </form>
  );
}

/**
 * A retry's form starts from what was sent before, its text fields only: the document number and
 * the photos are asked for again, and nothing else of the old answer (its id, its review) is a field.
 */
function startingValues(initial: Partial<Record<string, unknown>> | null): Record<Name, string> {
  const kept = (name: Name) => !name.endsWith("FileId") && name !== "documentNumber";
  return Object.fromEntries(
    (Object.keys(EMPTY) as Name[]).map((name) => {
      const value = initial?.[name];
      return [name, kept(name) && typeof value === "string" ? value : EMPTY[name]];
    }),
  ) as Record<Name, string>;
}
