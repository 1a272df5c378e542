import { TextAreaField } from '@/components/ui/text-area-field';
import { MARKET_LIMITS } from '@/lib/marketplace';

/**
 * The rejection reason the talent will read, as the move and bulk dialogs ask for it: required,
 * counted up to the limit every rejection shares (docs/product.md "Validation rules").
 */
export function ReasonField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  return (
    <TextAreaField
      id={id}
      label={label}
      hint={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={MARKET_LIMITS.reason}
      required
      aria-required="true"
      error={error}
      counter={`${value.length} / ${MARKET_LIMITS.reason}`}
    />
  );
}
