// Next's ambient types (CSS modules, images), also before the first build writes next-env.d.ts:
// CI type-checks a fresh clone before it builds.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
