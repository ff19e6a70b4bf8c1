"""Reproducible gzip for the build scripts' TSV sources of the detection assets."""
import gzip


def write_gz(path, data: bytes):
    """Writes `data` gzipped to `path` with mtime 0 and no file name: the same data give the same bytes."""
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
            f.write(data)
