/**
 * A team's name and logo, as the competition file and a live edit give them:
 * their own small module, so that the request schemas every function
 * carries do not bring the competition file's (and its pattern engine) along.
 */
import * as v from 'valibot';
import { FreeText } from '#shared/validation';

export const TeamName = FreeText(100);
export const LogoUrl = v.pipe(v.string(), v.maxLength(2048), v.regex(/^(https?:\/\/\S+)?$/, 'must be an http(s) URL or empty'));

/** How two teams' names, or zone names, are told apart: trimmed, in any case ("Root Cause" is " root cause"). */
export const nameKey = (name: string) => name.trim().toLowerCase();
