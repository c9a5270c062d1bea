import type { FastifyRequest } from 'fastify';
import { readRecordingSettings, type RecordingSettings, saveRecordingSettings } from '../domain/callHistory/recordingRetention.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/**
 * Tag recordingSettings (issue 18): how long the caller's call recordings are kept; the contract
 * bounds the days, the recordings janitor deletes what is older (workers/recordingsJanitor.ts).
 */
export function recordingSettingHandlers({ db }: HandlerContext): OperationHandlers {
  return {
    async getRecordingSettings(request: FastifyRequest) {
      return readRecordingSettings(db, caller(request).userId);
    },

    async setRecordingSettings(request: FastifyRequest) {
      return saveRecordingSettings(db, caller(request).userId, request.body as RecordingSettings);
    },
  };
}
