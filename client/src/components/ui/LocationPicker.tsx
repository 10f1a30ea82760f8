import { Autocomplete, type AutocompleteProps, type ComboboxItem, Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { MAX_LOCATION } from '@shared/schemas/fields';
import { buildPlacesIndex, type PlacesIndex, searchPlaces } from '@shared/locations/search';

/** Suggestions shown at once. */
const SUGGESTIONS = 8;

let loading: Promise<PlacesIndex> | null = null;

/** The places, loaded once, on the first page that has a location field (their own chunk of the bundle). */
function loadPlaces(): Promise<PlacesIndex> {
  loading ??= import('@shared/locations/places').then(buildPlacesIndex).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

type LocationPickerProps = Omit<AutocompleteProps, 'data' | 'filter' | 'limit'>;

/**
 * The spec's location picker: a text field (512 characters at most) that suggests countries and major
 * cities as 'City, Country' while the person types, from a list bundled with the app (no network call).
 * Any other place may still be typed.
 */
export function LocationPicker({
  label = 'Location',
  placeholder = 'City, country',
  maxLength = MAX_LOCATION,
  value,
  defaultValue,
  onChange,
  required,
  withAsterisk,
  description,
  error,
  id,
  ...props
}: LocationPickerProps) {
  const inputId = useId(id);
  const [places, setPlaces] = useState<PlacesIndex | null>(null);
  // What is typed, whether the form controls the field or not.
  const [typed, setTyped] = useState(value ?? defaultValue ?? '');
  const text = value ?? typed;
  useEffect(() => {
    let live = true;
    loadPlaces()
      .then((index) => live && setPlaces(index))
      // Without the list the field stays a plain text field.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const data = useMemo(
    () => (places && text ? searchPlaces(places, text, SUGGESTIONS).map((p) => p.label) : []),
    [places, text],
  );

  // The label is the wrapper's, for the input alone: given to the Autocomplete it would also name its
  // (always mounted) list of suggestions, and the field would have two elements of that name.
  return (
    <Input.Wrapper
      label={label}
      required={required}
      withAsterisk={withAsterisk}
      description={description}
      error={error}
      id={inputId}
    >
      <Autocomplete
        id={inputId}
        required={required}
        error={!!error}
        aria-describedby={
          [description ? `${inputId}-description` : '', error && error !== true ? `${inputId}-error` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="address-level2"
        leftSection={<IconMapPin size={16} stroke={1.7} />}
        value={value}
        defaultValue={defaultValue}
        onChange={(next) => {
          setTyped(next);
          onChange?.(next);
        }}
        data={data}
        // The list is already searched and ranked; Mantine's own filter would drop 'Munich' for 'münchen'.
        filter={({ options }) => options as ComboboxItem[]}
        comboboxProps={{ withinPortal: true }}
        {...props}
      />
    </Input.Wrapper>
  );
}
