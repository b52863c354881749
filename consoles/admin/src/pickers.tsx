import { AutocompleteInput, ReferenceField, ReferenceInput, TextField, required, type RaRecord } from 'react-admin';

type PickerProps = {
  source: string;
  label?: string;
  alwaysOn?: boolean;
  isRequired?: boolean;
  disabled?: boolean;
  helperText?: string;
  fullWidth?: boolean;
};

const userText = (u: RaRecord | undefined) => (u ? `${String(u.email ?? '')}${u.name ? ` · ${String(u.name)}` : ''}` : '');
const storeText = (s: RaRecord | undefined) => (s ? String(s.name ?? s.id) : '');

/** A person chosen by e-mail or name (GET /admin-api/users?filter={"q":…}) instead of a raw id. */
export function UserInput({ source, label, isRequired, disabled, helperText, fullWidth = true }: PickerProps) {
  return (
    <ReferenceInput source={source} reference="users" sort={{ field: 'email', order: 'ASC' }}>
      <AutocompleteInput
        label={label}
        optionText={userText}
        filterToQuery={(q: string) => ({ q })}
        validate={isRequired ? required() : undefined}
        disabled={disabled}
        helperText={helperText}
        fullWidth={fullWidth}
        sx={{ minWidth: 280 }}
      />
    </ReferenceInput>
  );
}

/** A store chosen by its name (GET /admin-api/stores?filter={"q":…}) instead of a raw id. */
export function StoreInput({ source, label, isRequired, disabled, helperText, fullWidth = true }: PickerProps) {
  return (
    <ReferenceInput source={source} reference="stores" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        label={label}
        optionText={storeText}
        filterToQuery={(q: string) => ({ q })}
        validate={isRequired ? required() : undefined}
        disabled={disabled}
        helperText={helperText}
        fullWidth={fullWidth}
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>
  );
}

/** A store id shown as the store's name. */
export function StoreField({ source }: { source: string; label?: string; sortable?: boolean; emptyText?: string }) {
  return (
    <ReferenceField source={source} reference="stores" link={false} emptyText="—">
      <TextField source="name" />
    </ReferenceField>
  );
}
