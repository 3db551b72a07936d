#!/usr/bin/env bash
# Installs the system packages the tests need when they are missing: Debian's chromium (the
# first-load budget, Lighthouse) and its headless shell (the browser tests), PostgreSQL server
# binaries (the PostgreSQL test layer), prometheus (its promtool checks a real /metrics scrape),
# libxml2-utils (its xmllint reads the Open311 XML), nginx and wrk (three API instances behind
# nginx, read under load while they restart), exiftool (reads the served photos' metadata: a reader
# that is not ours). Needs root (or sudo) for apt.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v promtool >/dev/null 2>&1 || need+=(prometheus)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
[ -x /usr/sbin/nginx ] || need+=(nginx)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v exiftool >/dev/null 2>&1 || need+=(libimage-exiftool-perl)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "Installing system packages: ${need[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# The postgresql package starts a cluster of its own, prometheus and nginx servers of their own;
# the tests start their own PostgreSQL servers and nginx, and need only promtool.
$SUDO service postgresql stop >/dev/null 2>&1 || true
$SUDO service prometheus stop >/dev/null 2>&1 || true
$SUDO service nginx stop >/dev/null 2>&1 || true
