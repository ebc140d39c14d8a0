#!/bin/sh
# Starts the browser for Playwright (CHROMIUM_PATH, else Debian's). Run as root, Chromium raises its
# browser and GPU main threads to nice -8, ahead of the app's server it tests and of the test suites
# beside it on a small machine: without the right to raise priorities it keeps the one it started with.
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
  exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$browser" "$@"
fi
exec "$browser" "$@"
