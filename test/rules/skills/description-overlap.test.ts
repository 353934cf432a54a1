import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/description-overlap.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'distinct skills',
        files: {
          'notes/SKILL.md': skill('notes', 'Use when the user asks to draft release notes from merged pull requests.'),
          'deploy/SKILL.md': skill('deploy', 'Use when the user asks to deploy the web app to the staging cluster.'),
          'review/SKILL.md': skill('review', 'Use when reviewing a pull request diff for bugs and style.'),
        },
      },
      {
        name: 'a manual skill is not routed',
        files: {
          'a/SKILL.md': skill('a', 'Use when the user asks to draft release notes from merged pull requests.'),
          'b/SKILL.md': skill('b', 'Use when the user asks to draft release notes from merged pull requests.', 'skillc:\n  invocation: manual\n'),
        },
      },
      {
        name: 'skills about different products are told apart by the request (AWS vs Azure, NUnit vs xUnit, S3 vs STS)',
        files: {
          'aws-deploy/SKILL.md': skill('aws-deploy', 'Use when deploying the web app to AWS: build the container image, push it and roll out the service.'),
          'azure-deploy/SKILL.md': skill('azure-deploy', 'Use when deploying the web app to Azure: build the container image, push it and roll out the service.'),
          'nunit-tests/SKILL.md': skill('nunit-tests', 'Use when writing or fixing NUnit unit tests for a .NET class library project.'),
          'xunit-tests/SKILL.md': skill('xunit-tests', 'Use when writing or fixing xUnit unit tests for a .NET class library project.'),
          'aws-s3/SKILL.md': skill('aws-s3', 'Use when calling the AWS S3 API with boto3 credentials and retries.'),
          'aws-sts/SKILL.md': skill('aws-sts', 'Use when calling the AWS STS API with boto3 credentials and retries.'),
        },
      },
      {
        name: 'two vendors\' bots in two plugins, named by their plugins under claude and in their descriptions',
        hosts: ['claude'],
        skills: ['plugins/gmail-commander/skills/health', 'plugins/calcom-commander/skills/health'],
        files: {
          'plugins/gmail-commander/skills/health/SKILL.md': skill('health', '"Gmail Commander health check across all subsystems. TRIGGERS - gmail health, email bot status, gmail bot check."'),
          'plugins/calcom-commander/skills/health/SKILL.md': skill('health', '"Cal.com Commander health check across all subsystems. TRIGGERS - calcom health, calendar bot status, cal.com diagnostics."'),
        },
      },
      {
        name: 'words every skill of a generated catalog shares weigh nothing',
        files: Object.fromEntries(
          ['pdf', 'csv', 'xml', 'yaml', 'toml', 'html', 'png', 'svg', 'wav', 'zip'].map((kind) => [
            `${kind}/SKILL.md`,
            // Alone, 9 of these score 0.47 with each other: the toolkit's boilerplate is all they share.
            skill(kind, `Convert ${kind} documents. Part of the Acme document toolkit: follows the toolkit conventions for logging, retries, error handling and configuration files.`),
          ]),
        ),
      },
      {
        name: 'a higher threshold',
        options: { threshold: 0.95 },
        files: {
          'a/SKILL.md': skill('a', 'Use when the user asks to draft release notes for a version from the git history.'),
          'b/SKILL.md': skill('b', 'Use when the user asks to write release notes for a version from git history and merged pull requests.'),
        },
      },
    ],
    invalid: [
      {
        name: 'a product one description names in passing does not set the two apart',
        files: {
          'convert/SKILL.md': skill('convert', 'Convert .cast to .txt for Claude Code analysis. Supports batch mode. TRIGGERS - convert cast, cast to txt, batch convert'),
          'asciinema-converter/SKILL.md': skill('asciinema-converter', 'Convert .cast recordings to .txt for analysis. TRIGGERS - convert cast, cast to txt, strip ANSI, batch convert.'),
        },
        errors: [
          { file: 'asciinema-converter/SKILL.md', message: /similar to `convert`'s/ },
          { file: 'convert/SKILL.md', message: /similar to `asciinema-converter`'s/ },
        ],
      },
      {
        name: 'the same product on both sides: still ambiguous',
        options: { threshold: 0.3 },
        files: {
          'kokoro-health/SKILL.md': skill('kokoro-health', '"Kokoro TTS health check. TRIGGERS - kokoro health, tts health, kokoro status."'),
          'tts-health/SKILL.md': skill('tts-health', 'Health check for TTS and Telegram bot subsystems. TRIGGERS - health check, bot health, kokoro health'),
        },
        errors: [
          { file: 'kokoro-health/SKILL.md', message: /similar to `tts-health`'s/ },
          { file: 'tts-health/SKILL.md', message: /similar to `kokoro-health`'s/ },
        ],
      },
      {
        name: 'near-identical descriptions, named on both sides',
        files: {
          'a/SKILL.md': skill('a', 'Use when the user asks to draft release notes for a version from the git history.'),
          'b/SKILL.md': skill('b', 'Use when the user asks to write release notes for a version from git history and merged pull requests.'),
          'c/SKILL.md': skill('c', 'Use when the user asks to deploy the web app to the staging cluster.'),
        },
        errors: [
          {
            file: 'a/SKILL.md',
            line: 3,
            column: 14,
            message: /^Unexpected description 0\.\d\d similar to `b`'s \(in `b`\), expected below 0\.4 so a model can tell the two apart; shared: .*"git history"/,
          },
          { file: 'b/SKILL.md', message: /similar to `a`'s \(in `a`\)/ },
        ],
      },
      {
        name: 'the same description twice',
        files: { 'a/SKILL.md': skill('a', 'Formats SQL queries.'), 'b/SKILL.md': skill('b', 'Formats SQL queries.') },
        errors: [{ file: 'a/SKILL.md', message: /^Unexpected description 1\.00 similar to `b`'s/ }, { file: 'b/SKILL.md', message: /^Unexpected description 1\.00 similar to `a`'s/ }],
      },
    ],
  },
  { describe, it },
);
