/**
 * Add New Data Source (specification part 2, Data Sources tab and section 5), also used prefilled to
 * edit a custom source: name, type, endpoint URL, optional API key, description, enable; 'Test &
 * Validate' checks the endpoint from the server; 'Add & Integrate' validates first, then adds.
 */
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  Field,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@nivesh/ui/chakra';
import { LuPlugZap } from 'react-icons/lu';
import {
  DATA_SOURCE_TYPES,
  type DataSourceEntry,
  type DataSourceType,
  type NewDataSource,
} from '@nivesh/api-contract';
import {
  errorMessage,
  useAddDataSourceMutation,
  useUpdateDataSourceMutation,
  useValidateDataSourceMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { notify } from '@nivesh/ui';
import { WorkDialog } from '../../../features/layout/WorkDialog';
import { DATA_SOURCE_TEXTS } from './dataSourceDisplay';

interface FormValues {
  name: string;
  type: DataSourceType;
  endpoint: string;
  apiKey: string;
  description: string;
  enabled: boolean;
}

const EMPTY_FORM: FormValues = {
  name: '',
  type: 'Market Data API',
  endpoint: '',
  apiKey: '',
  description: '',
  enabled: true,
};

function valuesOf(source: DataSourceEntry | null): FormValues {
  if (!source) return EMPTY_FORM;
  return {
    name: source.name,
    type: source.type,
    endpoint: source.endpoint,
    apiKey: '',
    description: source.description,
    enabled: source.enabled,
  };
}

/**
 * The new-source object the server takes; a blank API key is left out, and so are the headers the
 * form does not edit (on edit the server keeps the stored ones).
 */
function payload(values: FormValues): NewDataSource {
  const apiKey = values.apiKey.trim();
  return {
    name: values.name.trim(),
    endpoint: values.endpoint.trim(),
    type: values.type,
    description: values.description.trim(),
    ...(apiKey ? { apiKey } : {}),
    enabled: values.enabled,
  };
}

type Feedback = { kind: 'success' | 'error'; text: string };

function failureReason(error: ApiCallError): string {
  return errorMessage(error, 'the server did not answer');
}

export interface DataSourceFormDialogProps {
  open: boolean;
  /** The custom source being edited; null adds a new one. */
  editing: DataSourceEntry | null;
  onClose: () => void;
}

function DataSourceForm({ editing, onClose }: Omit<DataSourceFormDialogProps, 'open'>) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(editing));
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [validate, validateState] = useValidateDataSourceMutation();
  const [add, addState] = useAddDataSourceMutation();
  const [update, updateState] = useUpdateDataSourceMutation();
  const saving = addState.isLoading || updateState.isLoading;
  const validating = validateState.isLoading;
  const canSubmit = values.name.trim() !== '' && values.endpoint.trim() !== '' && !validating && !saving;

  function change<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setFeedback(null);
  }

  /**
   * Checks the endpoint from the server (while editing, with the source's stored key and headers);
   * answers the failure text, or null when it is fine.
   */
  async function check(): Promise<string | null> {
    const result = await validate({ body: { ...payload(values), ...(editing ? { id: editing.id } : {}) } });
    if ('error' in result) return DATA_SOURCE_TEXTS.validationFailed(failureReason(result.error));
    if (!result.data.valid)
      return DATA_SOURCE_TEXTS.validationFailed(result.data.error ?? 'the endpoint did not answer');
    return null;
  }

  async function testAndValidate() {
    if (!values.endpoint.trim()) {
      setFeedback({ kind: 'error', text: DATA_SOURCE_TEXTS.endpointMissing });
      return;
    }
    setFeedback(null);
    const failure = await check();
    setFeedback(
      failure
        ? { kind: 'error', text: failure }
        : { kind: 'success', text: DATA_SOURCE_TEXTS.validationSucceeded },
    );
  }

  async function submit() {
    setFeedback(null);
    const failure = await check();
    if (failure) {
      setFeedback({ kind: 'error', text: failure });
      return;
    }
    const result = editing
      ? await update({ params: { id: editing.id }, body: payload(values) })
      : await add({ body: payload(values) });
    if ('error' in result) {
      setFeedback({
        kind: 'error',
        text: `${editing ? 'Could not save the data source' : 'Could not add the data source'}: ${failureReason(result.error)}`,
      });
      return;
    }
    notify('success', editing ? `${result.data.name} updated` : `${result.data.name} added`);
    onClose();
  }

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root required>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={values.name}
                onChange={(event) => change('name', event.target.value)}
                placeholder="e.g. RBI reference rates"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>Type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={values.type}
                  onChange={(event) => change('type', event.target.value as DataSourceType)}
                >
                  {DATA_SOURCE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          <Field.Root required>
            <Field.Label>
              Endpoint URL <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="url"
              inputMode="url"
              value={values.endpoint}
              onChange={(event) => change('endpoint', event.target.value)}
              placeholder="https://api.example.com/v1/quotes"
              fontFamily="mono"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>API key (optional)</Field.Label>
            <Input
              type="password"
              autoComplete="off"
              value={values.apiKey}
              onChange={(event) => change('apiKey', event.target.value)}
              placeholder={editing ? 'Leave blank to keep the stored key' : 'Only if the API needs one'}
            />
            <Field.HelperText>Stored encrypted on the server and never shown again.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea
              value={values.description}
              onChange={(event) => change('description', event.target.value)}
              rows={2}
            />
          </Field.Root>
          <Checkbox.Root
            checked={values.enabled}
            onCheckedChange={(details) => change('enabled', details.checked === true)}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Enable this data source</Checkbox.Label>
          </Checkbox.Root>
          {feedback && (
            <Text
              textStyle="sm"
              fontWeight="medium"
              color={feedback.kind === 'success' ? 'gain' : 'loss'}
              role={feedback.kind === 'success' ? 'status' : 'alert'}
            >
              {feedback.text}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" gap="2">
        <Button
          variant="outline"
          onClick={testAndValidate}
          loading={validating && !saving}
          loadingText="Validating..."
        >
          <LuPlugZap /> Test & Validate
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" onClick={submit} disabled={!canSubmit} loading={saving}>
          {editing ? 'Save Changes' : 'Add & Integrate'}
        </Button>
      </Dialog.Footer>
    </>
  );
}

export function DataSourceFormDialog({ open, editing, onClose }: DataSourceFormDialogProps) {
  return (
    <WorkDialog
      open={open}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'Add New Data Source'}
      size="lg"
    >
      {/* Keyed by the source, so the form starts from its values each time it opens. */}
      <DataSourceForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} />
    </WorkDialog>
  );
}
