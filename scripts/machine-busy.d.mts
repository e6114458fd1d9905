/** CPU seconds the whole machine has been busy (all cores), or null where there is no /proc/stat. */
export declare function busyCpuSeconds(): number | null;
