import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { HStack } from '@chakra-ui/react/stack';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { messageText } from '../i18n/messageText.ts';

/** What an upload field shows and where it sends the chosen file (see `useUpload`). */
export interface UploadFieldState {
  /** The file chosen last, while it is being sent or once it is stored. */
  fileName: string | null;
  /** spec §4 Upload: 1 to 100 while sending, 0 otherwise. */
  progress: number;
  uploading: boolean;
  /** Why the file was refused or failed (too large, wrong type, failed picture upload). */
  error: MessageDescriptor | null;
  /** The input's selection: a file, or null for an empty selection (which clears the URL). */
  select: (file: File | null) => void;
  /** The name an upload of the account was made under, by its URL (the file list, spec §7 GET /user/files). */
  storedName?: (url: string) => string | null;
}

export interface FileUploadProps {
  label: string;
  name: string;
  /** The input's `accept` list (see `acceptOf`). */
  accept: string;
  upload: UploadFieldState;
  /** The URL held now (e.g. the widget's saved picture), named when no file was chosen yet. */
  currentUrl?: string | null;
  /** The form's message about the value (e.g. a picture is required while the switch is on). */
  error?: MessageDescriptor | null;
  disabled?: boolean;
}

function nameOfUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}

/** A file picker with the chosen file's name, the upload progress counter and its message. */
export function FileUpload({ label, name, accept, upload, currentUrl, error, disabled }: FileUploadProps) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const message = messageText(i18n, upload.error) ?? messageText(i18n, error);
  const shownName = upload.fileName ?? (currentUrl ? (upload.storedName?.(currentUrl) ?? nameOfUrl(currentUrl)) : null);
  const progress = upload.progress;
  return (
    <Field.Root invalid={Boolean(message)} disabled={disabled} ids={{ errorText: errorId }}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="3" flexWrap="wrap">
        <Input
          ref={input}
          type="file"
          name={name}
          accept={accept}
          disabled={disabled}
          onChange={(event) => upload.select(event.currentTarget.files?.[0] ?? null)}
          aria-describedby={message ? errorId : undefined}
          // Visually hidden but present (the label and tests reach it); the button opens it.
          srOnly
          tabIndex={-1}
        />
        <Button type="button" size="sm" variant="outline" bg="white" disabled={disabled} aria-label={t`${label}: choose file`} onClick={() => input.current?.click()}>
          {t`Choose file`}
        </Button>
        <Text fontSize="sm" color="gray.700" truncate maxW="16rem" title={shownName ?? undefined}>
          {shownName ?? t`No file chosen`}
        </Text>
        {upload.uploading ? (
          <Box role="status" fontSize="sm" fontWeight="semibold" color="blue.700">
            {t`Uploading… ${progress}%`}
          </Box>
        ) : null}
      </HStack>
      {message ? <Field.ErrorText>{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
