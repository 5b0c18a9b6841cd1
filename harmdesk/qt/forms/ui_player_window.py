# Compiled from ui/player_window.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QAction, QBrush, QColor, QConicalGradient,
    QCursor, QFont, QFontDatabase, QGradient,
    QIcon, QImage, QKeySequence, QLinearGradient,
    QPainter, QPalette, QPixmap, QRadialGradient,
    QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QFrame, QLabel,
    QListView, QSizePolicy, QVBoxLayout, QWidget)

class Ui_PlayerWindow(object):
    def setupUi(self, PlayerWindow):
        if not PlayerWindow.objectName():
            PlayerWindow.setObjectName(u"PlayerWindow")
        PlayerWindow.resize(1280, 720)
        PlayerWindow.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.actionFullScreen = QAction(PlayerWindow)
        self.actionFullScreen.setObjectName(u"actionFullScreen")
        self.actionFullScreen.setCheckable(True)
        self.actionLeaveFullScreen = QAction(PlayerWindow)
        self.actionLeaveFullScreen.setObjectName(u"actionLeaveFullScreen")
        self.playerLayout = QVBoxLayout(PlayerWindow)
        self.playerLayout.setSpacing(0)
        self.playerLayout.setObjectName(u"playerLayout")
        self.playerLayout.setContentsMargins(0, 0, 0, 0)
        self.banner = QLabel(PlayerWindow)
        self.banner.setObjectName(u"banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.PlainText)

        self.playerLayout.addWidget(self.banner)

        self.cards = QListView(PlayerWindow)
        self.cards.setObjectName(u"cards")
        self.cards.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.cards.setFrameShape(QFrame.Shape.NoFrame)
        self.cards.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.cards.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.cards.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.cards.setMovement(QListView.Movement.Static)
        self.cards.setFlow(QListView.Flow.LeftToRight)
        self.cards.setProperty(u"isWrapping", True)
        self.cards.setResizeMode(QListView.ResizeMode.Adjust)
        self.cards.setViewMode(QListView.ViewMode.IconMode)
        self.cards.setUniformItemSizes(True)

        self.playerLayout.addWidget(self.cards)


        PlayerWindow.addAction(self.actionFullScreen)
        PlayerWindow.addAction(self.actionLeaveFullScreen)

        self.retranslateUi(PlayerWindow)

        QMetaObject.connectSlotsByName(PlayerWindow)
    # setupUi

    def retranslateUi(self, PlayerWindow):
        PlayerWindow.setWindowTitle(QCoreApplication.translate("PlayerWindow", u"HarmDesk \u2014 for the players", None))
#if QT_CONFIG(accessibility)
        PlayerWindow.setAccessibleName(QCoreApplication.translate("PlayerWindow", u"Player display", None))
#endif // QT_CONFIG(accessibility)
        self.actionFullScreen.setText(QCoreApplication.translate("PlayerWindow", u"&Full screen", None))
#if QT_CONFIG(tooltip)
        self.actionFullScreen.setToolTip(QCoreApplication.translate("PlayerWindow", u"Fill the whole screen with the players' display, or go back to a window", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(shortcut)
        self.actionFullScreen.setShortcut(QCoreApplication.translate("PlayerWindow", u"F11", None))
#endif // QT_CONFIG(shortcut)
        self.actionLeaveFullScreen.setText(QCoreApplication.translate("PlayerWindow", u"Leave full screen", None))
#if QT_CONFIG(shortcut)
        self.actionLeaveFullScreen.setShortcut(QCoreApplication.translate("PlayerWindow", u"Esc", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(accessibility)
        self.banner.setAccessibleName(QCoreApplication.translate("PlayerWindow", u"What just happened", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.cards.setAccessibleName(QCoreApplication.translate("PlayerWindow", u"The party and the foes", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

