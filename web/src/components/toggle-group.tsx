/** A two-or-more option switch drawn with the landing's own CSS (`.switch` in app/global.css). */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  fullWidth = false,
  inverted = false,
}: {
  label: string;
  options: { value: T; label: string; title?: string; lang?: string }[];
  value: T;
  onChange: (value: T) => void;
  fullWidth?: boolean;
  inverted?: boolean;
}) {
  return (
    <div
      className="switch"
      role="group"
      aria-label={label}
      data-inverted={inverted || undefined}
      data-full={fullWidth || undefined}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          title={option.title}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
