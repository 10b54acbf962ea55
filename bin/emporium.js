#!/usr/bin/env -S node --max-semi-space-size=64
// The compiled CLI; `npm ci` builds it through the `prepare` script. The flag is `npm start`'s (README "Benchmark").
import '../dist/cli/main.js'
