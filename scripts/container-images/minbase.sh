#!/usr/bin/env bash
# Debian bookworm's minimal root file system in DIR (debootstrap's minbase: the required
# packages and apt), trimmed as Debian's official slim images are, with the build machine's
# certificate bundle at BUNDLE. scripts/container-images.ts runs it as root and imports DIR as
# the image both local base images start from.
#   minbase.sh DIR MIRROR BUNDLE
set -euo pipefail
dir=$1 mirror=$2 bundle=$3

debootstrap --variant=minbase bookworm "$dir" "$mirror" >&2

# The point releases' and security fixes, as the official images have them.
cat >"$dir/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
# What debuerreotype's "slimify" does for debian:bookworm-slim: no documentation, manuals or
# translations, now or in what is installed later (the PostgreSQL image's packages).
cat >"$dir/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
EOF
cat >"$dir/etc/apt/apt.conf.d/slim" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
EOF
find "$dir/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$dir/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$dir"/usr/share/{info,lintian,linda,locale,man,groff}/* \
  "$dir"/var/cache/apt/*.bin "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/* \
  "$dir"/var/log/* "$dir"/tmp/*

# The machine's bundle (NODE_EXTRA_CA_CERTS) is what lets npm reach the registry from here; a
# file of its own, so a later ca-certificates package cannot replace it.
install -D -m 0644 "$bundle" "$dir/etc/ssl/build-machine-ca-bundle.pem"
