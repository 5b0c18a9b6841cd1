# Compiled from ui/moves_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFrame, QGroupBox, QHBoxLayout, QLabel,
    QListWidget, QListWidgetItem, QScrollArea, QSizePolicy,
    QStackedWidget, QVBoxLayout, QWidget)

class Ui_MovesDialog(object):
    def setupUi(self, MovesDialog):
        if not MovesDialog.objectName():
            MovesDialog.setObjectName(u"MovesDialog")
        MovesDialog.resize(680, 480)
        self.mainLayout = QVBoxLayout(MovesDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.targetsLabel = QLabel(MovesDialog)
        self.targetsLabel.setObjectName(u"targetsLabel")
        self.targetsLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.targetsLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.targetsLabel)

        self.movesLayout = QHBoxLayout()
        self.movesLayout.setObjectName(u"movesLayout")
        self.movesList = QListWidget(MovesDialog)
        self.movesList.setObjectName(u"movesList")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Expanding)
        sizePolicy.setHorizontalStretch(0)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.movesList.sizePolicy().hasHeightForWidth())
        self.movesList.setSizePolicy(sizePolicy)
        self.movesList.setMaximumSize(QSize(170, 16777215))

        self.movesLayout.addWidget(self.movesList)

        self.pages = QStackedWidget(MovesDialog)
        self.pages.setObjectName(u"pages")

        self.movesLayout.addWidget(self.pages)


        self.mainLayout.addLayout(self.movesLayout)

        self.previewBox = QGroupBox(MovesDialog)
        self.previewBox.setObjectName(u"previewBox")
        self.previewLayout = QVBoxLayout(self.previewBox)
        self.previewLayout.setObjectName(u"previewLayout")
        self.previewScroll = QScrollArea(self.previewBox)
        self.previewScroll.setObjectName(u"previewScroll")
        self.previewScroll.setFrameShape(QFrame.NoFrame)
        self.previewScroll.setWidgetResizable(True)
        self.previewScroll.setMaximumSize(QSize(16777215, 150))
        self.previewContents = QWidget()
        self.previewContents.setObjectName(u"previewContents")
        self.previewContentsLayout = QVBoxLayout(self.previewContents)
        self.previewContentsLayout.setObjectName(u"previewContentsLayout")
        self.previewContentsLayout.setContentsMargins(0, 0, 0, 0)
        self.previewLabel = QLabel(self.previewContents)
        self.previewLabel.setObjectName(u"previewLabel")
        self.previewLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.previewLabel.setAlignment(Qt.AlignLeft|Qt.AlignTop)
        self.previewLabel.setTextInteractionFlags(Qt.TextSelectableByKeyboard|Qt.TextSelectableByMouse)
        self.previewLabel.setWordWrap(True)

        self.previewContentsLayout.addWidget(self.previewLabel)

        self.previewScroll.setWidget(self.previewContents)

        self.previewLayout.addWidget(self.previewScroll)


        self.mainLayout.addWidget(self.previewBox)

        self.messageLabel = QLabel(MovesDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(MovesDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

        self.mainLayout.setStretch(1, 1)
        self.mainLayout.setStretch(2, 1)

        self.retranslateUi(MovesDialog)
        self.buttonBox.accepted.connect(MovesDialog.accept)
        self.buttonBox.rejected.connect(MovesDialog.reject)

        QMetaObject.connectSlotsByName(MovesDialog)
    # setupUi

    def retranslateUi(self, MovesDialog):
        MovesDialog.setWindowTitle(QCoreApplication.translate("MovesDialog", u"Rests and moves", None))
        self.targetsLabel.setText("")
#if QT_CONFIG(accessibility)
        self.targetsLabel.setAccessibleName(QCoreApplication.translate("MovesDialog", u"Characters the change applies to", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.movesList.setAccessibleName(QCoreApplication.translate("MovesDialog", u"Moves and rests", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.movesList.setToolTip(QCoreApplication.translate("MovesDialog", u"Pick a rest or move; the arrow keys move through the list", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.pages.setAccessibleName(QCoreApplication.translate("MovesDialog", u"The chosen move's details", None))
#endif // QT_CONFIG(accessibility)
        self.previewBox.setTitle(QCoreApplication.translate("MovesDialog", u"What will happen", None))
        self.previewLabel.setText("")
#if QT_CONFIG(accessibility)
        self.previewLabel.setAccessibleName(QCoreApplication.translate("MovesDialog", u"Preview of the result", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.previewLabel.setToolTip(QCoreApplication.translate("MovesDialog", u"What the rules will do when you press OK", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("MovesDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

