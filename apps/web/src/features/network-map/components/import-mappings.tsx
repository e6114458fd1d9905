import { Select, SimpleGrid, Text } from '@mantine/core';
import { NETWORK_IMPORT_FIELDS, NETWORK_TYPES, type NetworkImportPreview } from '@openrescue/shared';

export interface ImportMappings {
  headers: Record<string, string>;
  types: Record<string, string>;
}

const FIELD_OPTIONS = Object.entries(NETWORK_IMPORT_FIELDS).map(([value, label]) => ({ value, label }));

/**
 * The mappings a preview asks for: a network type for each CRM type outside section 9, and a field for each column
 * the import does not know (custom fields). Each change previews the file again.
 */
export function ImportMappingsForm(props: {
  preview: NetworkImportPreview;
  mappings: ImportMappings;
  onChange: (mappings: ImportMappings) => void;
}) {
  const { preview, mappings, onChange } = props;
  const types = [...new Set([...preview.unknown_types, ...Object.keys(mappings.types)])];
  const unused = preview.columns.filter((c) => c.field === null || mappings.headers[c.header]).map((c) => c.header);
  const set = (kind: keyof ImportMappings, key: string, value: string | null) => {
    const next = { ...mappings[kind] };
    if (value) next[key] = value;
    else delete next[key];
    onChange({ ...mappings, [kind]: next });
  };
  return (
    <>
      {types.length > 0 && (
        <>
          <Text fw={600} size="sm">
            CRM types: choose the network type of each
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {types.map((type) => (
              <Select
                key={type}
                label={type}
                placeholder="Not mapped: rows rejected"
                data={NETWORK_TYPES}
                value={mappings.types[type] ?? null}
                onChange={(value) => set('types', type, value)}
                clearable
                searchable
                comboboxProps={{ withinPortal: false }}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      {unused.length > 0 && (
        <>
          <Text fw={600} size="sm">
            Columns not used: read one as a field
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {unused.map((header) => (
              <Select
                key={header}
                label={header}
                placeholder="Not used"
                data={FIELD_OPTIONS}
                value={mappings.headers[header] ?? null}
                onChange={(value) => set('headers', header, value)}
                clearable
                comboboxProps={{ withinPortal: false }}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
