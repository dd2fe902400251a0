export type MediaStreamMap = Readonly<Record<string, MediaStream>>;
