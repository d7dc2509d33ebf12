/**
 * A public list's filter as a plain select (no Mantine on these screens): "any", the filter off,
 * first, then each option with its words. The label is the screen's.
 */
export function AnyOfSelect<T extends string>(props: {
  id?: string;
  name?: string;
  any: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <select
      id={props.id}
      name={props.name}
      value={props.value ?? ''}
      onChange={(event) => props.onChange((event.target.value || undefined) as T | undefined)}
    >
      <option value="">{props.any}</option>
      {props.options.map((option) => (
        <option key={option} value={option}>
          {props.optionLabel(option)}
        </option>
      ))}
    </select>
  );
}
