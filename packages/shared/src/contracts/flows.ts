// Contracts of issue 7 (flows); filled by its module.
export {};
