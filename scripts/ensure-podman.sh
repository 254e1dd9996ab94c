#!/usr/bin/env bash
# test/container-image.test.ts and test/container-compose.test.ts build deploy/Dockerfile and run
# deploy/compose.yaml in real containers: Debian's podman (with runc, which scripts/containers.conf
# selects) and podman-compose, and debootstrap for the local base images that stand in for the
# official ones (scripts/container-images.ts). Install them when we can, fail loudly when we
# cannot: the tests are never skipped.
set -euo pipefail

has_podman() {
  for tool in podman runc podman-compose debootstrap; do command -v "$tool" >/dev/null 2>&1 || return 1; done
}

if has_podman; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing podman, runc, podman-compose and debootstrap for the container tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # netavark and aardvark-dns: compose's network, where services find each other by name.
  # catatonit: podman's init for `--init`. The tests run as root (debootstrap needs it).
  apt-get install -y -qq --no-install-recommends podman runc podman-compose debootstrap \
    netavark aardvark-dns catatonit iptables >/dev/null
  has_podman && exit 0
fi

echo "The container tests need podman, runc, podman-compose and debootstrap: apt-get install podman runc podman-compose debootstrap" >&2
exit 1
