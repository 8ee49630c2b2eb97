"""Colour-vision simulation for the colour-cue tests: Machado, Oliveira and
Fernandes (2009) matrices at severity 1.0, applied in linear RGB."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from ruin_qt.ui.common import style

MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
VISIONS = ["normal", *MACHADO]


def rgb(image: QImage) -> np.ndarray:
    """An image's pixels as an (h, w, 3) array of sRGB values in 0..1."""
    img = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w, stride = img.height(), img.width(), img.bytesPerLine()
    data = np.frombuffer(img.constBits(), dtype=np.uint8, count=h * stride).reshape(h, stride)
    return data[:, : w * 3].reshape(h, w, 3).astype(float) / 255.0


def to_linear(srgb: np.ndarray) -> np.ndarray:
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: np.ndarray) -> np.ndarray:
    linear = np.clip(linear, 0.0, 1.0)
    return np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)


def simulate(srgb: np.ndarray, vision: str) -> np.ndarray:
    """What a dichromat of ``vision`` sees, as sRGB (``normal``: unchanged)."""
    if vision == "normal":
        return srgb
    return to_srgb(to_linear(srgb) @ MACHADO[vision].T)


def luminance(srgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance per pixel."""
    return to_linear(srgb) @ np.array([0.2126, 0.7152, 0.0722])


def contrast(la, lb):
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def to_image(srgb: np.ndarray) -> QImage:
    """Back to a QImage (to look at a simulation)."""
    data = np.ascontiguousarray((np.clip(srgb, 0, 1) * 255 + 0.5).astype(np.uint8))
    h, w, _ = data.shape
    return QImage(data.tobytes(), w, h, w * 3, QImage.Format.Format_RGB888).copy()


def render_items(items: list[QGraphicsItem], rows: int, cols: int, zoom: float) -> np.ndarray:
    """``items`` drawn on the paper, ``rows`` x ``cols`` cells at ``zoom`` pixels per scene unit (RGB in 0..1)."""
    S = style.CELL
    scene = QGraphicsScene(0, 0, cols * S, rows * S)
    for item in items:
        scene.addItem(item)
    image = QImage(int(cols * S * zoom), int(rows * S * zoom), QImage.Format.Format_RGB32)
    image.fill(style.PAPER)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(p)
    p.end()
    for item in items:
        scene.removeItem(item)
    return rgb(image)
