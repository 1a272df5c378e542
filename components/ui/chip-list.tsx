import styles from './chip-list.module.css';

export type TChip = { key: string; label: string };

/**
 * Chips in a list. With `onRemove`, each has a remove button named by `removeLabel(label)` for
 * assistive technology ("Remove React").
 */
export function ChipList({
  items,
  onRemove,
  removeLabel,
  label,
}: {
  items: TChip[];
  onRemove?: (key: string) => void;
  removeLabel?: (label: string) => string;
  label?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className={styles.chip}>
          <span>{item.label}</span>
          {onRemove && (
            <button
              type="button"
              className={styles.remove}
              aria-label={removeLabel?.(item.label) ?? item.label}
              onClick={() => onRemove(item.key)}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
