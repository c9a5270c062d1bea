import { and, eq } from 'drizzle-orm';
import type { Telephony } from '../../adapters/telephony/telephony.ts';
import type { Database } from '../../db/client.ts';
import { callRecordings, calls } from '../../db/schema/calls.ts';
import { SYNTHESIZED_RECORDING_KEY_PREFIX } from '../callEngine/synthesizedRecording.ts';
import { callRecordingWav } from '../callEngine/wav.ts';
import { notFoundRow } from '../domainError.ts';

export interface RecordingFile {
  filename: string;
  contentType: 'audio/wav';
  audio: Buffer;
}

/**
 * The recording of one of the caller's calls (spec §2 Calls History: play and download as
 * .wav). Throws not_found for a call of another account, an unknown call, or a call without a
 * recording — the three look the same (contract: Tenant scoping). A synthesized recording is
 * made from the call id; one the telephony provider keeps (Twilio's) is fetched from it.
 */
export async function findCallRecording(db: Database, userId: number, callId: number, telephony?: Pick<Telephony, 'fetchRecording'>): Promise<RecordingFile> {
  const [row] = await db
    .select({ convertId: calls.convertId, callDuration: calls.duration, recordingDuration: callRecordings.duration, storageKey: callRecordings.storageKey })
    .from(callRecordings)
    .innerJoin(calls, eq(calls.id, callRecordings.callId))
    .where(and(eq(calls.id, callId), eq(calls.userId, userId)));
  if (!row) throw notFoundRow('recording');
  const audio = row.storageKey.startsWith(SYNTHESIZED_RECORDING_KEY_PREFIX)
    ? callRecordingWav(callId, row.recordingDuration || row.callDuration)
    : await telephony?.fetchRecording?.(row.storageKey);
  // Kept by a provider that is no longer configured.
  if (!audio) throw notFoundRow('recording');
  return { filename: `call-${row.convertId}.wav`, contentType: 'audio/wav', audio };
}
