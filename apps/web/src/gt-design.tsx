import type { PlayerView } from '@warpgate/rulesets/galac-tac';
import { useState } from 'preact/hooks';
import { Facts, Table } from './report';
// The modules themselves, not the package index: plain rules code the bundle can hold.
import {
  category,
  components,
  cost,
  delay,
  designError,
  driveLimits,
  formatRating,
  parseRating,
  ssd,
} from '../../../libs/rulesets/galac-tac/design';
import { COMPONENTS, type Component, type Components } from '../../../libs/rulesets/galac-tac/state';

const LABELS: Record<Component, string> = {
  d: 'Drone bays (D)',
  p: 'P-types (P)',
  t: 'T-launchers (T)',
  r: 'Missile racks',
  s: 'Shields',
  h: 'Hangars',
  c: 'Cargo bays',
  sd: 'Star drives',
  id: 'Inertia drives',
};

const same = (a: Components, b: Components) => COMPONENTS.every((k) => a[k] === b[k]);

/** What a rating makes at tech level `tl`: its figures, whether it is allowed, and a design it renames. */
function Figures({
  rating,
  tl,
  illegal,
  designs,
}: {
  rating: Components;
  tl: number;
  illegal: string | null;
  designs: PlayerView['designs'];
}) {
  const size = ssd(rating);
  const limits = driveLimits(size, tl);
  const twin = designs.find((d) => same(d.rating, rating));
  return (
    <>
      <Facts
        label="Design figures"
        items={[
          ['SSD', size],
          ['Cost (PI)', cost(rating, tl)],
          ['Delay (fortnights)', delay(rating)],
          ['Size', category(size, tl)],
          ['Most drives (star/inertia)', `${limits.star}/${limits.inertia}`],
        ]}
      />
      <p class={`gt-verdict ${illegal ? 'bad' : 'ok'}`}>
        {illegal ? `Not allowed: ${illegal}` : `Legal at tech level ${tl}`}
      </p>
      {twin && (
        <p class="muted">
          Your design #{twin.number} {twin.code} ({twin.name}) has this rating: CLASSIFY renames it.
        </p>
      )}
    </>
  );
}

/**
 * The ship design screen: a rating typed, or its component counts, with its SSD, cost at the empire's
 * tech level, delay, size and legality as the rules reckon them (design.ts); the empire's designs;
 * and the CLASSIFY action that adds it, put into the orders.
 */
export function GtDesign({ view, addLine }: { view: PlayerView; addLine: (line: string) => void }) {
  const tl = view.me.tl;
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [counts, setCounts] = useState(components());
  const rating = text.trim() === '' ? null : parseRating(text);
  const valid = rating !== null && typeof rating !== 'string' ? rating : null;
  const illegal = valid ? designError(valid, tl) : null;

  const typeRating = (value: string) => {
    setText(value);
    const read = parseRating(value);
    if (typeof read !== 'string') setCounts(read);
  };
  const setCount = (k: Component, n: number) => {
    const next = { ...counts, [k]: Number.isInteger(n) && n > 0 ? n : 0 };
    setCounts(next);
    setText(formatRating(next));
  };

  return (
    <div class="gt-design">
      <p class="help">
        Type a rating (<code>weapons/shields;hangars;cargo/star-inertia</code>, e.g. <code>4P/1;;/-16</code>)
        or the counts of each component; the figures are at your tech level {tl}.
      </p>
      <div class="gt-design-names">
        <label>
          Design code
          <input
            name="design-code"
            value={code}
            maxLength={4}
            placeholder="1–4 letters or digits"
            onInput={(e) => setCode(e.currentTarget.value.toUpperCase())}
          />
        </label>
        <label>
          Design name
          <input
            name="design-name"
            value={name}
            maxLength={15}
            placeholder="up to 15 characters"
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label class="gt-design-rating">
          Rating
          <input
            name="design-rating"
            value={text}
            spellcheck={false}
            autocapitalize="characters"
            aria-invalid={typeof rating === 'string' || Boolean(illegal)}
            aria-describedby="design-verdict"
            onInput={(e) => typeRating(e.currentTarget.value)}
          />
        </label>
      </div>
      <fieldset class="gt-counts">
        <legend>Components</legend>
        {COMPONENTS.map((k) => (
          <label key={k}>
            {LABELS[k]}
            <input
              type="number"
              min={0}
              max={999}
              value={counts[k]}
              onInput={(e) => setCount(k, e.currentTarget.valueAsNumber)}
            />
          </label>
        ))}
      </fieldset>
      <div id="design-verdict" aria-live="polite">
        {typeof rating === 'string' && <p class="gt-verdict bad">{rating}</p>}
        {valid && <Figures rating={valid} tl={tl} illegal={illegal} designs={view.designs} />}
      </div>
      <button
        type="button"
        disabled={!valid || illegal !== null || code === '' || name.trim() === ''}
        onClick={() => valid && addLine(`CLASSIFY ${code} ${name.trim()} ${formatRating(valid)}`)}
      >
        Add CLASSIFY to orders
      </button>
      <Table
        caption={`Your designs (cost at tech level ${tl})`}
        head={['#', 'Code', 'Name', 'Rating', 'SSD', 'Cost', 'Delay', 'Built', 'Active', '']}
        rows={view.designs.map((d) => [
          d.number,
          d.code,
          d.name,
          formatRating(d.rating),
          d.ssd,
          d.cost,
          d.delay,
          d.built,
          d.active,
          <button
            type="button"
            class="ghost"
            aria-label={`Start from design ${d.code}`}
            onClick={() => typeRating(formatRating(d.rating))}
          >
            Start from
          </button>,
        ])}
      />
    </div>
  );
}
