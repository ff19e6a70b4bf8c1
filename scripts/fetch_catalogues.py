#!/usr/bin/env python3
"""More gettext catalogues to learn the gloss's sense tables from, without installing them.

    python3 scripts/fetch_catalogues.py        # prints the directory it filled

The benchmark's parallel set is the catalogues installed under /usr/share/locale (few: 21
domains for Hindi). The sense tables learn more from the translations that other Debian
packages ship: this script fetches PACKAGES with `apt-get download` into
$GLOSSA_ASSET_CACHE/catalogues/debs and unpacks only their `*.mo` files into
$GLOSSA_ASSET_CACHE/catalogues/locale/<locale>/LC_MESSAGES/. Nothing is installed, so the
benchmark's own set (and its test split) stays what it was. scripts/build_senses.py reads them
with `--extra`: only domains of the `dev` split (by the benchmark's md5 rule), never a domain
that is installed, and never a message whose English matches one of the held-out messages
(see build_senses.py). The catalogues are the packages' own translations (each under its
package's license); no message text is bundled, only the word scores learned from them.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CACHE = Path(os.environ.get("GLOSSA_ASSET_CACHE", "/tmp/glossa-asset-cache")) / "catalogues"

# Debian 12 packages whose catalogues translate desktop and system software into many of the
# gloss's languages (GNOME, Xfce, core utilities, media players). Chosen by what they ship,
# not by how the benchmark scores them; domains of the `test` split are skipped when read.
PACKAGES = """
aisleriot aptitude-common baobab brasero-common cheese-common coreutils dconf-editor
debconf-i18n e2fsprogs-l10n eog epiphany-browser-data evince-common evolution-common exo-utils
file-roller findutils gdm3 gedit-common geary ghex gimp-data gnome-bluetooth-sendto
gnome-boxes gnome-calculator gnome-calendar gnome-characters gnome-clocks gnome-contacts
gnome-control-center-data gnome-desktop3-data gnome-disk-utility gnome-font-viewer
gnome-initial-setup gnome-keyring gnome-logs gnome-maps gnome-mines gnome-music
gnome-online-accounts gnome-photos gnome-remote-desktop gnome-screenshot
gnome-settings-daemon-common gnome-shell-common gnome-software-common gnome-sound-recorder
gnome-sudoku gnome-system-monitor gnome-terminal-data gnome-text-editor gnome-tweaks
gnome-weather gnumeric-common gparted-common gucharmap gvfs-common hexchat-common inkscape
libadwaita-1-0 libgdata-common libgnome-desktop-4-2 libgnome-games-support-common
libglib2.0-data libgtk-3-common libgtk-4-common libgtksourceview-5-common
libgweather-4-common libnma-common libpeas-common libsecret-common libtotem-plparser-common
libwebkit2gtk-4.1-0 libxfce4ui-common libxfce4util-common lightdm-gtk-greeter mousepad
mutter-common nautilus-data network-manager network-manager-gnome orca pidgin-data polkitd
rhythmbox-data ristretto rygel sed seahorse shotwell-common simple-scan synaptic tar
thunar-data totem-common tracker transmission-common usermode util-linux-locales vlc-l10n
wget xdg-desktop-portal-gnome xfce4-session xfce4-settings xfdesktop4-data xfwm4 yelp
zenity-common
""".split()


def fetch():
    debs, locale = CACHE / "debs", CACHE / "locale"
    debs.mkdir(parents=True, exist_ok=True)
    for name in PACKAGES:
        if not list(debs.glob(name + "_*.deb")):
            subprocess.run(["apt-get", "download", name], cwd=debs, check=True,
                           stdout=subprocess.DEVNULL)
    for name in PACKAGES:
        deb = next(debs.glob(name + "_*.deb"))
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["dpkg-deb", "-x", str(deb), tmp], check=True)
            for mo in Path(tmp, "usr/share/locale").glob("*/LC_MESSAGES/*.mo"):
                out = locale / mo.relative_to(Path(tmp, "usr/share/locale"))
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(mo.read_bytes())
    return locale


if __name__ == "__main__":
    print(fetch())
    sys.exit(0)
