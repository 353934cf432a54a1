import type { AnyRule } from '../rule.js';
import compatibilityLength from './compatibility-length.js';
import descriptionLength from './description-length.js';
import descriptionMissing from './description-missing.js';
import descriptionTrigger from './description-trigger.js';
import descriptionXml from './description-xml.js';
import fieldType from './field-type.js';
import metadataStrings from './metadata-strings.js';
import missing from './missing.js';
import nameDirectory from './name-directory.js';
import nameFormat from './name-format.js';
import nameMissing from './name-missing.js';
import nameReserved from './name-reserved.js';
import unknownKey from './unknown-key.js';
import yaml from './yaml.js';
import descriptionPrefix from './description-prefix.js';
import descriptionWords from './description-words.js';
import fieldValues from './field-values.js';
import valueComment from './value-comment.js';
import hooks from './hooks.js';
import toolNames from './tool-names.js';
import forkAgent from './fork-agent.js';
import argumentHint from './argument-hint.js';
import sideEffectInvocation from './side-effect-invocation.js';

/** The frontmatter/ rules. */
export const frontmatterRules: AnyRule[] = [
  missing,
  yaml,
  unknownKey,
  nameMissing,
  nameFormat,
  nameDirectory,
  nameReserved,
  descriptionMissing,
  descriptionLength,
  descriptionXml,
  descriptionTrigger,
  compatibilityLength,
  metadataStrings,
  fieldType,
  descriptionPrefix,
  descriptionWords,
  fieldValues,
  valueComment,
  hooks,
  toolNames,
  forkAgent,
  argumentHint,
  sideEffectInvocation,
];
