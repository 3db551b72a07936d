// Corrects a monument: names, category, sex, descriptions and position. Only changed fields are
// sent, so the audit entry shows exactly what staff changed. The category is chosen from the one
// list (the contract's and the site profile's): a typo never becomes a public category.
import type { QueueMonument } from '@linz/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SEXES } from '../lists';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';
import { PositionMap } from './PositionMap';
import { EditActions } from './EditActions';

const TEXT_FIELDS = ['name', 'name_en', 'shortDescription', 'shortDescription_en'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Draft = Record<TextField | 'sex' | 'category', string> & { lat: string; lng: string };

const draftOf = (m: QueueMonument): Draft => ({
  name: m.name,
  name_en: m.name_en ?? '',
  category: m.category,
  sex: m.sex,
  shortDescription: m.shortDescription,
  shortDescription_en: m.shortDescription_en,
  lat: String(m.geoLocX),
  lng: String(m.geoLocY),
});

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

export function MonumentEditor({ monument, onDone }: { monument: QueueMonument; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const [draft, setDraft] = useState(() => draftOf(monument));
  const categories = useQuery(trpc.staff.categories.queryOptions());
  // A category from before the one list is still shown (and kept unless staff choose another).
  const categoryChoices = [...new Set([...(categories.data ?? []), monument.category])];
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const moveTo = useCallback(
    ({ lat, lng }: { lat: number; lng: number }) => setDraft((d) => ({ ...d, lat: lat.toFixed(6), lng: lng.toFixed(6) })),
    [],
  );
  const update = useMutation(
    trpc.staff.monuments.update.mutationOptions({
      onSuccess: (saved) => {
        action.done(t('admin.done.updated', { name: saved.name }));
        onDone();
      },
      onError: action.failed,
    }),
  );
  const submit = () => {
    const before = draftOf(monument);
    const patch: Record<string, string | number> = {};
    for (const key of [...TEXT_FIELDS, 'sex', 'category'] as const) if (draft[key] !== before[key]) patch[key] = draft[key];
    if (draft.lat !== before.lat) patch.geoLocX = Number(draft.lat);
    if (draft.lng !== before.lng) patch.geoLocY = Number(draft.lng);
    // Nothing changed: no request, so no empty entry in the audit log.
    if (Object.keys(patch).length === 0) return onDone();
    update.mutate({ monumentId: monument.id, patch });
  };
  const lat = Number(draft.lat);
  const lng = Number(draft.lng);
  return (
    <form
      className="admin-form"
      aria-label={t('admin.edit.formLabel', { name: monument.name })}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {TEXT_FIELDS.map((key) => (
        <Field key={key} label={t(`admin.fields.${key}`)}>
          {(id) =>
            key.startsWith('short') ? (
              <textarea id={id} rows={3} value={draft[key]} onChange={(e) => set(key)(e.target.value)} />
            ) : (
              <input id={id} value={draft[key]} required={key !== 'name_en'} onChange={(e) => set(key)(e.target.value)} />
            )
          }
        </Field>
      ))}
      <Field label={t('admin.fields.category')}>
        {(id) => (
          <select id={id} value={draft.category} onChange={(e) => set('category')(e.target.value)}>
            {categoryChoices.map((c) => (
              <option key={c} value={c}>
                {t(`finder.categories.${c}`, { defaultValue: c })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('admin.fields.sex')}>
        {(id) => (
          <select id={id} value={draft.sex} onChange={(e) => set('sex')(e.target.value)}>
            {SEXES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.sexes.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="admin-position">
        <legend>{t('admin.fields.position')}</legend>
        <p className="admin-hint">{t('admin.edit.positionHint')}</p>
        {Number.isFinite(lat) && Number.isFinite(lng) && (
          <PositionMap
            position={{ lat, lng }}
            label={t('admin.edit.mapLabel')}
            markerLabel={t('admin.edit.markerLabel', { name: monument.name })}
            onMove={moveTo}
          />
        )}
        <div className="admin-position__fields">
          <Field label={t('admin.fields.lat')}>
            {(id) => (
              <input
                id={id}
                type="number"
                step="any"
                min={-90}
                max={90}
                required
                value={draft.lat}
                onChange={(e) => set('lat')(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('admin.fields.lng')}>
            {(id) => (
              <input
                id={id}
                type="number"
                step="any"
                min={-180}
                max={180}
                required
                value={draft.lng}
                onChange={(e) => set('lng')(e.target.value)}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <EditActions saving={update.isPending} onCancel={onDone} />
    </form>
  );
}
