// Contracts of issue 7 (transcripts); filled by its module.
export {};
