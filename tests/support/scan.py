"""Reading a QR code from its picture, as a phone's camera would."""

from __future__ import annotations

import re

import cv2
import numpy as np
from PIL import Image, ImageDraw


def scanned(image: np.ndarray) -> str:
    """What the QR code in ``image`` (grey, with its quiet zone) says, or "" if it does not
    scan. OpenCV's classic detector misses about one code in 150 of the site's (its
    finder fails on some patterns of modules); its ArUco-based detector reads those, as
    a phone's scanner does."""
    text = cv2.QRCodeDetector().detectAndDecode(image)[0]
    return text or cv2.QRCodeDetectorAruco().detectAndDecode(image)[0]


def svg_picture(svg: str) -> np.ndarray:
    """segno's SVG of a code (its path of dark runs) drawn again as grey pixels, with a wide
    quiet zone around it."""
    size = int(re.search(r'width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    scale = int(re.search(r"scale\((\d+)\)", svg).group(1))  # type: ignore[union-attr]
    path = re.search(r' d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    margin = 8 * scale
    image = Image.new("L", (size + 2 * margin, size + 2 * margin), 255)
    pen = ImageDraw.Draw(image)
    x = y = 0.0
    for command, numbers in re.findall(r"([MmHhVv])([-\d. ]+)", path):
        values = [float(n) for n in numbers.split()]
        if command in "Mm":
            x, y = (values[0], values[1]) if command == "M" else (x + values[0], y + values[1])
        else:
            end = x + values[0]
            pen.rectangle([margin + x * scale, margin + (y - 0.5) * scale,
                           margin + end * scale - 1, margin + (y + 0.5) * scale - 1], fill=0)
            x = end
    return np.array(image)
