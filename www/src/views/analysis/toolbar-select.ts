// A toolbar of the analysis panels with one labelled choice: "Group by [program]".

/** A toolbar (`an-toolbar`) holding `label` and a select of `options` ([value, text]) showing `value`, with `testid`; `onChange` gets each new value. */
export function toolbarSelect(
  label: string,
  testid: string,
  options: readonly (readonly [value: string, text: string])[],
  value: string,
  onChange: (value: string) => void,
): { bar: HTMLElement; select: HTMLSelectElement } {
  const bar = document.createElement('div');
  bar.className = 'an-toolbar';
  const labelEl = document.createElement('label');
  labelEl.textContent = `${label} `;
  const select = document.createElement('select');
  select.dataset.testid = testid;
  for (const [v, t] of options) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = t;
    select.append(o);
  }
  select.value = value;
  select.addEventListener('change', () => onChange(select.value));
  labelEl.append(select);
  bar.append(labelEl);
  return { bar, select };
}
